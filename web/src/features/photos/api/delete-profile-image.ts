import { useMutation, useQueryClient } from '@tanstack/react-query';
import { setAvatar } from '@/features/photos/api/upload-profile-image';
import { api, unwrap } from '@/lib/api-client';
import { withConfig, type MutationConfig } from '@/lib/query-client';

/** DELETE /api/images/delete-profile-image -> 204. */
export async function deleteProfileImage(): Promise<void> {
  await unwrap(api.DELETE('/api/images/delete-profile-image'));
}

export function useDeleteProfileImage(config?: MutationConfig<void>) {
  const queryClient = useQueryClient();
  return useMutation(withConfig({ mutationFn: deleteProfileImage, onSuccess: () => setAvatar(queryClient, null) }, config));
}
