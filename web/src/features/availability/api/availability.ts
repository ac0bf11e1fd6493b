import { api, unwrap } from '@/lib/api-client';
import type { paths } from '@/lib/api/schema';
import { uploadWithProgress } from '@/lib/upload';

export type Calendar = paths['/api/availability']['get']['responses']['200']['content']['application/json'];
export type TakenDay = Calendar['days'][number];
export type DayStatus = TakenDay['status'];
export type ImportResult = paths['/api/availability/import']['post']['responses']['200']['content']['application/json'];

/** A calendar's month: its venue ('' for the owner's own or the implied one) and month (YYYY-MM). */
export const calendarKey = (venue: string, month: string) => ['availability', venue, month] as const;

/** GET /api/availability for the days from..to of one calendar. */
export function getCalendar(venue: string, from: string, to: string, signal?: AbortSignal): Promise<Calendar> {
  return unwrap(api.GET('/api/availability', { params: { query: { from, to, ...(venue && { venue }) } }, signal }));
}

/** PUT /api/availability/{date}: the day booked or unavailable. */
export function setDay(venue: string, date: string, status: DayStatus): Promise<TakenDay> {
  return unwrap(api.PUT('/api/availability/{date}', { params: { path: { date } }, body: { status, ...(venue && { venueId: venue }) } }));
}

/** DELETE /api/availability/{date}: the day free again. */
export async function freeDay(venue: string, date: string): Promise<void> {
  await unwrap(api.DELETE('/api/availability/{date}', { params: { path: { date }, query: venue ? { venue } : {} } }));
}

/** POST /api/availability/import: an .ics file's events become booked days. */
export function importCalendar(venue: string, file: File): Promise<ImportResult> {
  const form = new FormData();
  form.append('file', file, file.name);
  if (venue) form.append('venue', venue);
  return uploadWithProgress<ImportResult>({ path: '/api/availability/import', form });
}

/** POST /api/availability/feed: a new private feed URL (the old one stops working). */
export async function renewFeed(): Promise<string> {
  const reply = await unwrap(api.POST('/api/availability/feed'));
  return reply.url;
}
