import { api, fetchWithTimeout, unwrap } from '@/lib/api-client';

/** Part 1 §9: the profile picture upload may take 30 s. */
export const PROFILE_IMAGE_TIMEOUT_MS = 30_000;

/** POST /api/images/upload-profile-image, multipart field `image` -> {image: {url}}. */
export async function uploadProfileImage(file: Blob, filename = 'profile-image'): Promise<string> {
  const reply = await unwrap(
    api.POST('/api/images/upload-profile-image', {
      // The body is sent as built by bodySerializer: multipart, its boundary set by the browser.
      body: { image: '' },
      bodySerializer: () => {
        const form = new FormData();
        form.append('image', file, filename);
        return form;
      },
      fetch: fetchWithTimeout(PROFILE_IMAGE_TIMEOUT_MS),
    }),
  );
  return reply.image.url;
}
