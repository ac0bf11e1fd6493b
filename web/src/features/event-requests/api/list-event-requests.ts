import { keepPreviousData, queryOptions, useQuery, type QueryClient } from '@tanstack/react-query';
import { api, unwrap } from '@/lib/api-client';
import type { components, paths } from '@/lib/api/schema';
import { queryKeys } from '@/lib/query-keys';

export type EventRequestItem = components['schemas']['EventRequestItem'];
export type EventRequestPage = paths['/api/event-requests']['get']['responses']['200']['content']['application/json'];

export type SortField = 'createdAt' | 'eventDate';
export type SortDirection = 'asc' | 'desc';
export type PageSize = 25 | 50 | 100;

export interface ListParams {
  /** 1-based, as the server counts. */
  page: number;
  pageSize: PageSize;
  sortField: SortField;
  sortDirection: SortDirection;
}

export const PAGE_SIZES: readonly PageSize[] = [25, 50, 100];

/** Part 2 §9: 25 a page, newest first. */
export const DEFAULT_LIST_PARAMS: ListParams = { page: 1, pageSize: 25, sortField: 'createdAt', sortDirection: 'desc' };

/** GET /api/event-requests?page=&pageSize=&sortField=&sortDirection= -> eventRequests[], unreadMessages, total. */
export async function listEventRequests(params: ListParams): Promise<EventRequestPage> {
  return unwrap(api.GET('/api/event-requests', { params: { query: { ...params } } }));
}

export function eventRequestsQueryOptions(params: ListParams) {
  return queryOptions({
    queryKey: queryKeys.eventRequests.list(params),
    queryFn: () => listEventRequests(params),
  });
}

/** One page of requests; the previous page stays on screen while the next one loads. */
export function useEventRequests(params: ListParams) {
  return useQuery({ ...eventRequestsQueryOptions(params), placeholderData: keepPreviousData });
}

/** The first page as the list opens (newest first): what the new-request popup reads. */
export function useNewestEventRequests() {
  return useQuery(eventRequestsQueryOptions(DEFAULT_LIST_PARAMS));
}

/**
 * Applies a change the server just made to a request (seen, unlocked,
 * rejected) to every cached page, so going back to the list shows it at once;
 * the lists are also invalidated, and refetched when shown.
 */
export function patchListItem(queryClient: QueryClient, uuid: string, patch: Partial<Omit<EventRequestItem, 'uuid' | 'project'>>): void {
  queryClient.setQueriesData<EventRequestPage>({ queryKey: queryKeys.eventRequests.lists }, (page) => {
    const item = page?.eventRequests.find((request) => request.uuid === uuid);
    if (!page || !item) return page;
    // unreadMessages counts the couples' messages: opening a request does
    // not read them, its conversation does (useMessages).
    return {
      ...page,
      eventRequests: page.eventRequests.map((request) => (request.uuid === uuid ? { ...request, ...patch } : request)),
    };
  });
  void queryClient.invalidateQueries({ queryKey: queryKeys.eventRequests.lists });
}
