import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, unwrap } from '@/lib/api-client';
import type { components, paths } from '@/lib/api/schema';
import { queryKeys } from '@/lib/query-keys';

export type ReplyTemplate = components['schemas']['ReplyTemplate'];
export type ReplyTemplateList = paths['/api/reply-templates']['get']['responses']['200']['content']['application/json'];

/** GET /api/reply-templates -> the provider's saved replies. */
export async function listReplyTemplates(): Promise<ReplyTemplateList> {
  return unwrap(api.GET('/api/reply-templates'));
}

export function replyTemplatesQueryOptions() {
  return queryOptions({ queryKey: queryKeys.replyTemplates, queryFn: listReplyTemplates });
}

export function useReplyTemplates() {
  return useQuery(replyTemplatesQueryOptions());
}
