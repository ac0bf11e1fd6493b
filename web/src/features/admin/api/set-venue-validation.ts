import { useMutation, useQueryClient } from '@tanstack/react-query';
import { venuesKey, type AdminVenue } from '@/features/admin/api/list-venues';
import { api, unwrap } from '@/lib/api-client';

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
    onSuccess: () => queryClient.invalidateQueries({ queryKey: venuesKey }),
  });
}
