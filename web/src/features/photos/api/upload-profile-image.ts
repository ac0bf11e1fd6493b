import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { User } from '@/lib/auth/user';
import { withConfig, type MutationConfig } from '@/lib/query-client';
import { queryKeys } from '@/lib/query-keys';
import { uploadWithProgress } from '@/lib/upload';

/** POST /api/images/upload-profile-image, multipart field `image` -> {image: {url}}; 30 s. */
export async function uploadProfileImage(file: Blob, filename = 'profile-image.jpg', onProgress?: (sent: number) => void): Promise<string> {
  const form = new FormData();
  form.append('image', file, filename);
  const reply = await uploadWithProgress<{ image: { url: string } }>({ path: '/api/images/upload-profile-image', form, onProgress });
  return reply.image.url;
}

/** Adds a version to the picture's address so no cache shows the previous one. */
export function withCacheBust(url: string, version: number): string {
  return `${url}${url.includes('?') ? '&' : '?'}v=${version}`;
}

/** The user's picture everywhere it shows (sidebar, cards), or none. */
export function setAvatar(queryClient: QueryClient, avatar: string | null): void {
  queryClient.setQueryData<User>(queryKeys.me, (current) => (current ? { ...current, avatar, hasProfilePicture: avatar !== null } : current));
}

/** A new picture at the address of the old one: versioned with the time of its arrival. */
function showNewAvatar(queryClient: QueryClient, url: string): void {
  setAvatar(queryClient, withCacheBust(url, Date.now()));
}

export interface ProfilePicture {
  /** Makes the image to send (the crop), inside the mutation so that its failure is the mutation's. */
  prepare: () => Promise<Blob>;
  onProgress?: (sent: number) => void;
}

/** The new picture replaces the old one in the user at once. */
export function useUploadProfileImage(config?: MutationConfig<string, ProfilePicture>) {
  const queryClient = useQueryClient();
  return useMutation(
    withConfig(
      {
        mutationFn: async ({ prepare, onProgress }: ProfilePicture) => uploadProfileImage(await prepare(), 'profile-picture.jpg', onProgress),
        onSuccess: (url) => showNewAvatar(queryClient, url),
      },
      config,
    ),
  );
}
