import { api, unwrap } from '@/lib/api-client';

/** PATCH /api/images/{id}/visibility {isVisible} -> the visibility in force. */
export async function setImageVisibility(id: string, isVisible: boolean): Promise<boolean> {
  const reply = await unwrap(api.PATCH('/api/images/{id}/visibility', { params: { path: { id } }, body: { isVisible } }));
  return reply.isVisible;
}
