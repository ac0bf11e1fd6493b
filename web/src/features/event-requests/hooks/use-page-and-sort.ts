import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router';
import {
  DEFAULT_LIST_PARAMS,
  PAGE_SIZES,
  type ListParams,
  type PageSize,
  type SortDirection,
  type SortField,
} from '@/features/event-requests/api/list-event-requests';

/** Reads the list's page and sort from the address (?page=2&pageSize=50&sort=eventDate&dir=asc); bad values give the defaults. */
export function parseListParams(search: URLSearchParams): ListParams {
  const page = Number.parseInt(search.get('page') ?? '', 10);
  const size = Number.parseInt(search.get('pageSize') ?? '', 10);
  const sort = search.get('sort');
  const dir = search.get('dir');
  return {
    page: Number.isInteger(page) && page >= 1 ? page : DEFAULT_LIST_PARAMS.page,
    pageSize: (PAGE_SIZES as readonly number[]).includes(size) ? (size as PageSize) : DEFAULT_LIST_PARAMS.pageSize,
    sortField: sort === 'createdAt' || sort === 'eventDate' ? (sort as SortField) : DEFAULT_LIST_PARAMS.sortField,
    sortDirection: dir === 'asc' || dir === 'desc' ? (dir as SortDirection) : DEFAULT_LIST_PARAMS.sortDirection,
  };
}

/** Only what differs from the defaults goes into the address. */
export function listSearch(params: ListParams): URLSearchParams {
  const search = new URLSearchParams();
  if (params.page !== DEFAULT_LIST_PARAMS.page) search.set('page', String(params.page));
  if (params.pageSize !== DEFAULT_LIST_PARAMS.pageSize) search.set('pageSize', String(params.pageSize));
  if (params.sortField !== DEFAULT_LIST_PARAMS.sortField) search.set('sort', params.sortField);
  if (params.sortDirection !== DEFAULT_LIST_PARAMS.sortDirection) search.set('dir', params.sortDirection);
  return search;
}

/**
 * The list's page and sort live in the address, so coming back from a request
 * (or reloading) shows the same page. A new page size or sort starts at page 1.
 */
export function usePageAndSort(): [ListParams, (next: Partial<ListParams>) => void] {
  const [search, setSearch] = useSearchParams();
  const params = useMemo(() => parseListParams(search), [search]);
  const update = useCallback(
    (next: Partial<ListParams>) => {
      const resets = next.pageSize !== undefined || next.sortField !== undefined || next.sortDirection !== undefined;
      const merged = { ...params, ...next, page: next.page ?? (resets ? 1 : params.page) };
      setSearch(listSearch(merged));
    },
    [params, setSearch],
  );
  return [params, update];
}
