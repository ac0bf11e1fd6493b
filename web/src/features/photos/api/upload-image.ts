import type { GalleryImage } from '@/features/photos/api/get-images';
import { uploadWithProgress } from '@/lib/upload';

export interface NewImage {
  file: Blob;
  fileName: string;
  title: string;
  description: string;
}

/** POST /api/images/upload, multipart image, title, description -> {image}; 30 s, with progress. */
export async function uploadImage(input: NewImage, onProgress?: (sent: number) => void, signal?: AbortSignal): Promise<GalleryImage> {
  const form = new FormData();
  form.append('title', input.title);
  form.append('description', input.description);
  form.append('image', input.file, input.fileName);
  const reply = await uploadWithProgress<{ image: GalleryImage }>({ path: '/api/images/upload', form, onProgress, signal });
  return reply.image;
}
