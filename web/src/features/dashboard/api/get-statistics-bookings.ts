import { api, unwrap } from '@/lib/api-client';
import type { paths } from '@/lib/api/schema';

export type StatisticsBookings = paths['/api/statistics/bookings']['get']['responses']['200']['content']['application/json'];

/** GET /api/statistics/bookings -> weddings booked with the provider per month (last 12) and what each cost it. */
export async function getStatisticsBookings(): Promise<StatisticsBookings> {
  return unwrap(api.GET('/api/statistics/bookings'));
}
