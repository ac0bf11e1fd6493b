import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, unwrap } from '@/lib/api-client';
import type { paths } from '@/lib/api/schema';
import { queryKeys } from '@/lib/query-keys';

export type StatisticsBookings = paths['/api/statistics/bookings']['get']['responses']['200']['content']['application/json'];

/** GET /api/statistics/bookings -> weddings booked with the provider per month (last 12) and what each cost it. */
export async function getStatisticsBookings(): Promise<StatisticsBookings> {
  return unwrap(api.GET('/api/statistics/bookings'));
}

export function statisticsBookingsQueryOptions() {
  return queryOptions({ queryKey: queryKeys.statistics.bookings, queryFn: getStatisticsBookings });
}

export function useStatisticsBookings() {
  return useQuery(statisticsBookingsQueryOptions());
}
