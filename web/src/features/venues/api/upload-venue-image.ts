import { useMutation, useQueryClient } from '@tanstack/react-query';
import { patchVenue, type VenueImage } from '@/features/venues/api/get-venue';
import { uploadWithProgress } from '@/lib/upload';

/** POST /api/venues/{id}/images: one photo with its metadata, with progress. */
export async function uploadVenueImage(id: string, form: FormData, onProgress?: (sent: number) => void, signal?: AbortSignal): Promise<VenueImage> {
  const reply = await uploadWithProgress<{ image: VenueImage }>({ path: `/api/venues/${encodeURIComponent(id)}/images`, form, onProgress, signal });
  return reply.image;
}

export interface VenueImageUpload {
  form: FormData;
  onProgress?: (sent: number) => void;
}

/** The new photo joins the cached venue (a new key image takes the mark from the old one). */
export function useUploadVenueImage(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ form, onProgress }: VenueImageUpload) => uploadVenueImage(id, form, onProgress),
    onSuccess: (image) =>
      patchVenue(queryClient, id, (current) => ({ ...current, images: [...current.images.map((one) => (image.isKeyImage ? { ...one, isKeyImage: false } : one)), image] })),
  });
}
