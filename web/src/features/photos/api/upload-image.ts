import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { refreshGallery, type GalleryImage } from '@/features/photos/api/get-images';
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

export interface ImageUpload {
  input: NewImage;
  onProgress?: (sent: number) => void;
}

/** One photo; the queue sends several side by side, and reads the gallery again after each (useRefreshGallery). */
export function useUploadImage() {
  return useMutation({ mutationFn: ({ input, onProgress }: ImageUpload) => uploadImage(input, onProgress) });
}

/** Reads the gallery and the user again, whatever became of an upload. */
export function useRefreshGallery(): () => Promise<unknown> {
  const queryClient = useQueryClient();
  return useCallback(() => refreshGallery(queryClient), [queryClient]);
}
