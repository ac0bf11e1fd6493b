import { api, unwrap } from '@/lib/api-client';

/** DELETE /api/images/delete-profile-image -> 204. */
export async function deleteProfileImage(): Promise<void> {
  await unwrap(api.DELETE('/api/images/delete-profile-image'));
}
