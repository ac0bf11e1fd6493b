import { api, unwrap } from '@/lib/api-client';

/** DELETE /api/images/{id} -> 204. */
export async function deleteImage(id: string): Promise<void> {
  await unwrap(api.DELETE('/api/images/{id}', { params: { path: { id } } }));
}
