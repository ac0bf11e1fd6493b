import { uploadWithProgress } from '@/lib/upload';

/** POST /api/images/upload-profile-image, multipart field `image` -> {image: {url}}; 30 s. */
export async function uploadProfileImage(file: Blob, filename = 'profile-image.jpg', onProgress?: (sent: number) => void): Promise<string> {
  const form = new FormData();
  form.append('image', file, filename);
  const reply = await uploadWithProgress<{ image: { url: string } }>({ path: '/api/images/upload-profile-image', form, onProgress });
  return reply.image.url;
}
