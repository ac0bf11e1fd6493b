import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api, unwrap } from '@/lib/api-client';
import type { components } from '@/lib/api/schema';

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

export const venuesKey = ['admin', 'venues'] as const;

/** GET /api/admin/venues?status=&page=: the queue oldest first, each venue with its photos (20 a page). */
export async function listVenues(status: VenueStatus, page: number): Promise<VenuesPage> {
  return unwrap(api.GET('/api/admin/venues', { params: { query: { status, page } } }));
}

export function useAdminVenues(status: VenueStatus, page: number) {
  return useQuery({
    queryKey: [...venuesKey, status, page],
    queryFn: () => listVenues(status, page),
    placeholderData: keepPreviousData,
  });
}
