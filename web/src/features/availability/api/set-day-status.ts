import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Calendar, DayStatus, TakenDay } from '@/features/availability/api/get-calendar';
import { api, unwrap } from '@/lib/api-client';
import { withConfig, type MutationConfig } from '@/lib/query-client';
import { queryKeys } from '@/lib/query-keys';

/** PUT /api/availability/{date}: the day booked or unavailable. */
export function setDay(venue: string, date: string, status: DayStatus): Promise<TakenDay> {
  return unwrap(api.PUT('/api/availability/{date}', { params: { path: { date } }, body: { status, ...(venue && { venueId: venue }) } }));
}

/** DELETE /api/availability/{date}: the day free again. */
export async function freeDay(venue: string, date: string): Promise<void> {
  await unwrap(api.DELETE('/api/availability/{date}', { params: { path: { date }, query: venue ? { venue } : {} } }));
}

export interface DayChange {
  date: string;
  next: 'free' | DayStatus;
}

type Context = { before: Calendar | undefined };

/**
 * A day's new status, written to `target` (the calendar shown, also when the
 * server chose it) and shown at once in the cached month `shown`; it goes
 * back on failure. One change at a time, in the order of the clicks: two
 * quick clicks on a day must reach the server in that order.
 */
export function useSetDayStatus(target: string, shown: { venue: string; month: string }, config?: MutationConfig<void, DayChange, Context>) {
  const queryClient = useQueryClient();
  const key = queryKeys.availability.calendar(shown.venue, shown.month);
  return useMutation(
    withConfig<void, DayChange, Context>(
      {
        scope: { id: 'availability-days' },
        mutationFn: async ({ date, next }) => {
          if (next === 'free') await freeDay(target, date);
          else await setDay(target, date, next);
        },
        onMutate: async ({ date, next }) => {
          await queryClient.cancelQueries({ queryKey: key });
          const before = queryClient.getQueryData<Calendar>(key);
          if (before) {
            const days = before.days.filter((d) => d.date !== date);
            if (next !== 'free') days.push({ date, status: next, source: 'manual' });
            days.sort((a, b) => a.date.localeCompare(b.date));
            queryClient.setQueryData<Calendar>(key, { ...before, days });
          }
          return { before };
        },
        onError: (_error, _vars, context) => {
          if (context?.before) queryClient.setQueryData(key, context.before);
        },
      },
      config,
    ),
  );
}
