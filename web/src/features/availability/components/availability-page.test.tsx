import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { beforeEach, describe, expect, it } from 'vitest';
import type { Calendar } from '@/features/availability/api/get-calendar';
import { AvailabilityPage } from '@/features/availability/components/availability-page';
import { monthRange, monthOf, today } from '@/features/availability/dates';
import { server } from '@/test/msw-server';
import { renderSignedIn } from '@/test/render-page';

const month = monthOf(today());
const { from } = monthRange(month);
const day = (n: number) => `${month}-${String(n).padStart(2, '0')}`;
const venues = [
  { id: 'barn', name: 'Barn' },
  { id: 'lake', name: 'Lake House' },
];

let asked: string[];
let puts: unknown[];
let refuse: boolean;

beforeEach(() => {
  asked = [];
  puts = [];
  refuse = false;
  server.use(
    http.get('*/api/availability', ({ request }) => {
      const venue = new URL(request.url).searchParams.get('venue') ?? 'barn';
      asked.push(venue);
      const body: Calendar = {
        venueId: venue,
        from,
        to: monthRange(month).to,
        days: venue === 'lake' ? [{ date: day(3), status: 'booked', source: 'import' }] : [],
        minDate: '2000-01-01',
        maxDate: '2100-01-01',
        venues,
        feedSince: null,
      };
      return HttpResponse.json(body);
    }),
    http.put('*/api/availability/:date', async ({ request, params }) => {
      const body = (await request.json()) as Record<string, string>;
      puts.push({ date: params.date, ...body });
      if (refuse) {
        return HttpResponse.json(
          { error: 'errors.validation', message: 'Validation failed', fields: { date: 'availability.errors.date_out_of_range' } },
          { status: 422 },
        );
      }
      return HttpResponse.json({ date: params.date, status: body.status, source: 'manual' });
    }),
  );
});

describe('the availability page', () => {
  it("shows each venue's own calendar and writes to the venue shown", async () => {
    const user = userEvent.setup();
    renderSignedIn(<AvailabilityPage />);
    const grid = await screen.findByRole('grid');
    expect(within(grid).getByRole('button', { name: new RegExp(`^.*\\b3\\b.*, Free$`) })).toBeInTheDocument();

    await user.click(screen.getByRole('combobox', { name: 'Venue' }));
    await user.click(await screen.findByRole('option', { name: 'Lake House' }));
    await waitFor(() => expect(document.querySelector(`[data-date="${day(3)}"]`)).toHaveAttribute('data-status', 'booked'));
    expect(asked).toContain('lake');

    await user.click(document.querySelector<HTMLElement>(`[data-date="${day(5)}"]`)!);
    await waitFor(() => expect(puts).toEqual([{ date: day(5), status: 'booked', venueId: 'lake' }]));
    expect(document.querySelector(`[data-date="${day(5)}"]`)).toHaveAttribute('data-status', 'booked');
  });

  it('puts a refused day back as it was and says why', async () => {
    const user = userEvent.setup();
    refuse = true;
    renderSignedIn(<AvailabilityPage />);
    await screen.findByRole('grid');
    await user.click(document.querySelector<HTMLElement>(`[data-date="${day(7)}"]`)!);
    expect(await screen.findByText('This date is too far in the past or the future')).toBeInTheDocument();
    expect(document.querySelector(`[data-date="${day(7)}"]`)).toHaveAttribute('data-status', 'free');
    expect(puts).toEqual([{ date: day(7), status: 'booked', venueId: 'barn' }]);
  });

  it('says when the server is too busy to import a calendar now', async () => {
    const user = userEvent.setup();
    server.use(
      http.post('*/api/availability/import', () =>
        HttpResponse.json({ error: 'availability.errors.busy', message: 'busy' }, { status: 503, headers: { 'Retry-After': '5' } }),
      ),
    );
    renderSignedIn(<AvailabilityPage />);
    await screen.findByRole('grid');
    await user.upload(screen.getByTestId('ics-input'), new File(['BEGIN:VCALENDAR'], 'cal.ics', { type: 'text/calendar' }));
    expect(await screen.findByText('Many calendars are being imported right now: send yours again in a few seconds.')).toBeInTheDocument();
  });
});
