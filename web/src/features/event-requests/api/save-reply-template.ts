import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ReplyTemplate } from '@/features/event-requests/api/list-reply-templates';
import { api, unwrap } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

export interface TemplateInput {
  name: string;
  body: string;
}

/** POST /api/reply-templates (no id) or PUT /api/reply-templates/{id} {name, body} -> the saved reply. */
export async function saveReplyTemplate({ id, input }: { id?: string; input: TemplateInput }): Promise<ReplyTemplate> {
  return id
    ? unwrap(api.PUT('/api/reply-templates/{id}', { params: { path: { id } }, body: input }))
    : unwrap(api.POST('/api/reply-templates', { body: input }));
}

/** Adds (no id) or changes a saved reply. */
export function useSaveTemplate() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveReplyTemplate,
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: queryKeys.replyTemplates }),
  });
}
