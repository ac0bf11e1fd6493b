import type { Gallery } from '@/features/photos/api/get-images';
import { api, unwrap } from '@/lib/api-client';

/** PUT /api/images/order {imageIds: every photo once} -> the gallery in its new order. */
export async function reorderImages(imageIds: string[]): Promise<Gallery> {
  return unwrap(api.PUT('/api/images/order', { body: { imageIds } }));
}
