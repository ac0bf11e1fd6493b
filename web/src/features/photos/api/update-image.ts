import type { GalleryImage } from '@/features/photos/api/get-images';
import { api, unwrap } from '@/lib/api-client';

/** PATCH /api/images/{id} {title, description} -> the photo. */
export async function updateImage(id: string, title: string, description: string): Promise<GalleryImage> {
  const reply = await unwrap(api.PATCH('/api/images/{id}', { params: { path: { id } }, body: { title, description } }));
  return reply.image;
}
