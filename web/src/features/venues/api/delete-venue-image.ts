import { useMutation, useQueryClient } from '@tanstack/react-query';
import { patchVenue, type VenueImage } from '@/features/venues/api/get-venue';
import { api, unwrap } from '@/lib/api-client';
import { withConfig, type MutationConfig } from '@/lib/query-client';

/** DELETE /api/venues/{id}/images/{imageId}. */
export async function deleteVenueImage(id: string, imageId: string): Promise<void> {
  await unwrap(api.DELETE('/api/venues/{id}/images/{imageId}', { params: { path: { id, imageId } } }));
}

/** The photo leaves the cached venue; the server makes the next photo the key image, and so does the cache. */
export function useDeleteVenueImage(id: string, config?: MutationConfig<void, VenueImage>) {
  const queryClient = useQueryClient();
  return useMutation(
    withConfig(
      {
        mutationFn: (image: VenueImage) => deleteVenueImage(id, image.id),
        onSuccess: (_reply, image) =>
          patchVenue(queryClient, id, (current) => {
            const rest = [...current.images].sort((a, b) => a.position - b.position).filter((one) => one.id !== image.id);
            if (image.isKeyImage && rest[0]) rest[0] = { ...rest[0], isKeyImage: true };
            return { ...current, images: rest };
          }),
      },
      config,
    ),
  );
}
