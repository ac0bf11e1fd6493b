import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api, unwrap } from '@/lib/api-client';
import type { components } from '@/lib/api/schema';
import { queryKeys } from '@/lib/query-keys';

export type AdminVenue = components['schemas']['AdminVenue'];
export type AdminVenuePhoto = AdminVenue['photos'][number];
export type VenueStatus = 'to_validate' | 'validated' | 'all';

export const VENUE_STATUSES: readonly VenueStatus[] = ['to_validate', 'validated', 'all'];

export interface VenuesPage {
  items: AdminVenue[];
  total: number;
  page: number;
  pageSize: number;
}

/** GET /api/admin/venues?status=&page=: the queue oldest first, each venue with its photos (20 a page). */
export async function listVenues(status: VenueStatus, page: number): Promise<VenuesPage> {
  return unwrap(api.GET('/api/admin/venues', { params: { query: { status, page } } }));
}

export function adminVenuesQueryOptions(status: VenueStatus, page: number) {
  return queryOptions({ queryKey: queryKeys.admin.venues.page(status, page), queryFn: () => listVenues(status, page) });
}

/** One page; the previous one stays on screen while it loads. */
export function useAdminVenues(status: VenueStatus, page: number) {
  return useQuery({ ...adminVenuesQueryOptions(status, page), placeholderData: keepPreviousData });
}
