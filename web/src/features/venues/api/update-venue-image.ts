import { useMutation, useQueryClient } from '@tanstack/react-query';
import { patchVenue, type VenueImage } from '@/features/venues/api/get-venue';
import { api, unwrap } from '@/lib/api-client';
import type { paths } from '@/lib/api/schema';
import { withConfig, type MutationConfig } from '@/lib/query-client';

/** The metadata a venue photo's PUT may change; every field optional. */
export type VenueImagePatch = NonNullable<paths['/api/venues/{id}/images/{imageId}']['put']['requestBody']>['content']['application/json'];

/** PUT /api/venues/{id}/images/{imageId} -> the photo. */
export function updateVenueImage(id: string, imageId: string, body: VenueImagePatch): Promise<VenueImage> {
  return unwrap(api.PUT('/api/venues/{id}/images/{imageId}', { params: { path: { id, imageId } }, body }));
}

export interface VenueImageChange {
  image: VenueImage;
  body: VenueImagePatch;
}

/**
 * The cached venue shows the photo as saved: a move shifts the others (their
 * positions follow the new order), a new key image takes the mark from the old one.
 */
export function useUpdateVenueImage(id: string, config?: MutationConfig<VenueImage, VenueImageChange>) {
  const queryClient = useQueryClient();
  return useMutation(
    withConfig(
      {
        mutationFn: ({ image, body }: VenueImageChange) => updateVenueImage(id, image.id, body),
        onSuccess: (image, { body }) =>
          patchVenue(queryClient, id, (current) => {
            if (body.position === undefined) {
              return { ...current, images: current.images.map((one) => (one.id === image.id ? image : image.isKeyImage ? { ...one, isKeyImage: false } : one)) };
            }
            const order = [...current.images].sort((a, b) => a.position - b.position).filter((one) => one.id !== image.id);
            order.splice(body.position ?? 0, 0, image);
            return { ...current, images: order.map((one, position) => ({ ...one, position })) };
          }),
      },
      config,
    ),
  );
}
