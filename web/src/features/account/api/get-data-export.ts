import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, unwrap } from '@/lib/api-client';
import type { components } from '@/lib/api/schema';
import { queryKeys } from '@/lib/query-keys';

export type DataExport = components['schemas']['DataExport'];

/** How often the page asks again while the zip is being built. */
const PENDING_POLL_MS = 3000;

/** GET /api/account/export/status: the newest export, with a fresh signed link when ready. */
export async function getDataExport(): Promise<DataExport> {
  return unwrap(api.GET('/api/account/export/status'));
}

export function dataExportQueryOptions() {
  return queryOptions({ queryKey: queryKeys.account.dataExport, queryFn: getDataExport });
}

/**
 * The export's state, asked again every few seconds while it is pending, so
 * the page turns "being prepared" into a download link by itself. The link is
 * signed for 15 minutes: the query is fetched again whenever the page is
 * shown again, and at least every 10 minutes.
 */
export function useDataExport() {
  return useQuery({
    ...dataExportQueryOptions(),
    staleTime: 0,
    refetchInterval: (query) => (query.state.data?.state === 'pending' ? PENDING_POLL_MS : 10 * 60 * 1000),
  });
}
