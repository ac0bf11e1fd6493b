import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AdminVenue } from '@/features/admin/api/list-venues';
import { api, unwrap } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

export interface VenueValidation {
  id: string;
  validated: boolean;
}

/** PUT /api/admin/venues/{id}/validation: validating e-mails the owner once; the venue as the decision left it. */
export async function setVenueValidation({ id, validated }: VenueValidation): Promise<AdminVenue> {
  return unwrap(api.PUT('/api/admin/venues/{id}/validation', { params: { path: { id } }, body: { validated } }));
}

export function useSetVenueValidation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setVenueValidation,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.admin.venues.all }),
  });
}
