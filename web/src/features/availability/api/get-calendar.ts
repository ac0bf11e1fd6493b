import { queryOptions, useQuery } from '@tanstack/react-query';
import { monthRange } from '@/features/availability/dates';
import { api, unwrap } from '@/lib/api-client';
import type { paths } from '@/lib/api/schema';
import { queryKeys } from '@/lib/query-keys';

export type Calendar = paths['/api/availability']['get']['responses']['200']['content']['application/json'];
export type TakenDay = Calendar['days'][number];
export type DayStatus = TakenDay['status'];

/** GET /api/availability for the days from..to of one calendar ('' for the owner's own or the implied one). */
export function getCalendar(venue: string, from: string, to: string, signal?: AbortSignal): Promise<Calendar> {
  return unwrap(api.GET('/api/availability', { params: { query: { from, to, ...(venue && { venue }) } }, signal }));
}

/** One calendar's month (YYYY-MM). */
export function calendarQueryOptions(venue: string, month: string) {
  const { from, to } = monthRange(month);
  return queryOptions({ queryKey: queryKeys.availability.calendar(venue, month), queryFn: ({ signal }) => getCalendar(venue, from, to, signal) });
}

export function useCalendar(venue: string, month: string) {
  return useQuery(calendarQueryOptions(venue, month));
}
