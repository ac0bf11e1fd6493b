import { useMutation, useQueryClient } from '@tanstack/react-query';
import { storeVenue, type Venue } from '@/features/venues/api/get-venue';
import { withConfig, type MutationConfig } from '@/lib/query-client';
import { uploadWithProgress } from '@/lib/upload';

/**
 * POST /api/venues (create) or /api/venues/{id} (update): a multipart form
 * with photos, sent through XMLHttpRequest for its upload progress.
 */
export function saveVenue(id: string | null, form: FormData, onProgress?: (sent: number) => void, signal?: AbortSignal): Promise<Venue> {
  const path = id === null ? '/api/venues' : `/api/venues/${encodeURIComponent(id)}`;
  return uploadWithProgress<Venue>({ path, form, onProgress, signal });
}

export interface VenueForm {
  form: FormData;
  onProgress?: (sent: number) => void;
}

/** Creates (no id) or updates a venue; the saved venue goes into the cache. */
export function useSaveVenue(id: string | null, config?: MutationConfig<Venue, VenueForm>) {
  const queryClient = useQueryClient();
  return useMutation(
    withConfig(
      { mutationFn: ({ form, onProgress }: VenueForm) => saveVenue(id, form, onProgress), onSuccess: (venue) => storeVenue(queryClient, venue) },
      config,
    ),
  );
}
