import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, unwrap } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/** DELETE /api/reply-templates/{id}. */
export async function deleteReplyTemplate(id: string): Promise<void> {
  await unwrap(api.DELETE('/api/reply-templates/{id}', { params: { path: { id } } }));
}

export function useDeleteTemplate() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteReplyTemplate,
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: queryKeys.replyTemplates }),
  });
}
