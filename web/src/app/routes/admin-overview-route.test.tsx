import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { beforeAll, describe, expect, it } from 'vitest';
import { Component as OverviewRoute } from '@/app/routes/admin-overview-route';
import type { Overview, OverviewDay } from '@/features/admin/api/get-overview';
import { server } from '@/test/msw-server';
import { renderAdmin } from '@/test/render-admin';

const quiet = (date: string): OverviewDay => ({
  date,
  newProviders: 0,
  projects: 0,
  requests: 0,
  unlocks: 0,
  creditsSold: 0,
  creditRevenue: [],
  premiumRevenue: [],
});

function period(days: number): string[] {
  return Array.from({ length: days }, (_, index) => {
    const date = new Date(Date.UTC(2026, 5, 15 - days + 1 + index));
    return date.toISOString().slice(0, 10);
  });
}

const busy: Overview = {
  days: 3,
  timeZone: 'Europe/Paris',
  awaitingModeration: 4,
  failedMessages: 2,
  requestsReceived: 12,
  requestsUnlocked: 3,
  series: [
    { ...quiet('2026-06-13'), projects: 1, requests: 5, newProviders: 2 },
    { ...quiet('2026-06-14'), premiumRevenue: [{ currency: 'gbp', cents: 6900 }] },
    {
      ...quiet('2026-06-15'),
      projects: 2,
      requests: 7,
      unlocks: 3,
      creditsSold: 10,
      creditRevenue: [{ currency: 'eur', cents: 25050 }],
      premiumRevenue: [{ currency: 'eur', cents: 138000 }],
    },
  ],
  total: {
    date: '',
    newProviders: 2,
    projects: 3,
    requests: 12,
    unlocks: 3,
    creditsSold: 10,
    creditRevenue: [{ currency: 'eur', cents: 25050 }],
    premiumRevenue: [
      { currency: 'eur', cents: 138000 },
      { currency: 'gbp', cents: 6900 },
    ],
  },
};

function empty(days: number): Overview {
  return {
    days,
    timeZone: 'UTC',
    awaitingModeration: 0,
    failedMessages: 0,
    requestsReceived: 0,
    requestsUnlocked: 0,
    series: period(days).map(quiet),
    total: quiet(''),
  };
}

/** The overview endpoint answering `reply(days)`; every query string it was asked is kept. */
function overview(reply: (days: number) => Overview | Response, calls: string[] = []) {
  server.use(
    http.get('*/api/admin/overview', ({ request }) => {
      const url = new URL(request.url);
      calls.push(url.search);
      const answer = reply(Number(url.searchParams.get('days')));
      return answer instanceof Response ? answer : HttpResponse.json(answer);
    }),
  );
  return calls;
}

// The charts are a lazy chunk (@mui/x-charts): its first load outlasted a
// test's wait when two files ran at once on a loaded machine. Loaded here,
// outside any test's wait, lazy() still resolves it from the module cache.
beforeAll(async () => {
  await import('@/features/admin/components/overview-chart');
}, 60_000);

describe('the admin overview', () => {
  it('reads the figures in the locale, each leading to its screen, money per currency', async () => {
    const calls = overview(() => busy);
    renderAdmin(<OverviewRoute />, '/admin');
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Overview');

    const moderation = await screen.findByTestId('figure-moderation');
    expect(moderation).toHaveTextContent(/Awaiting moderation\s*4/);
    expect(within(moderation).getByRole('link', { name: 'Open the moderation queue' })).toHaveAttribute('href', '/admin/moderation');
    const failed = screen.getByTestId('figure-failed');
    expect(failed).toHaveTextContent('2');
    expect(within(failed).getByRole('link', { name: 'See the failed messages' })).toHaveAttribute('href', '/admin/outbox?state=failed');
    expect(within(screen.getByTestId('figure-providers')).getByRole('link', { name: 'See the users' })).toHaveAttribute('href', '/admin/users');
    expect(screen.getByTestId('figure-providers')).toHaveTextContent('Since 13 Jun 2026');
    expect(screen.getByTestId('figure-projects')).toHaveTextContent(/3.*12 requests sent to professionals/);
    expect(screen.getByTestId('figure-unlock-rate')).toHaveTextContent(/25%.*3 of 12 requests unlocked/);
    expect(screen.getByTestId('figure-credits')).toHaveTextContent(/10.*For €250\.50/);
    // Each currency on its own line, never added together.
    const premium = screen.getByTestId('figure-premium');
    expect(premium).toHaveTextContent('€1,380');
    expect(premium).toHaveTextContent('£69');
    expect(premium).not.toHaveTextContent('1,449');

    // The browser's time zone goes with the period, 30 days by default.
    const tz = Intl.DateTimeFormat().resolvedOptions().timeZone;
    expect(calls.map((call) => Object.fromEntries(new URLSearchParams(call)))).toEqual([{ days: '30', tz }]);
  });

  it('gives screen readers each chart as a table of the same numbers, one money column per currency', async () => {
    overview(() => busy);
    renderAdmin(<OverviewRoute />, '/admin');
    // The chart's module loads on demand, slowly under a busy test run.
    const activity = await screen.findByRole('table', { name: 'Projects and requests per day' }, { timeout: 15_000 });
    const rows = within(activity).getAllByRole('row');
    expect(rows.map((row) => row.textContent)).toEqual(['DateProjectsRequests', '13 Jun15', '14 Jun00', '15 Jun27']);
    const premium = screen.getByRole('table', { name: 'Premium revenue per day' });
    expect(within(premium).getAllByRole('columnheader').map((cell) => cell.textContent)).toEqual(['Date', 'EUR', 'GBP']);
    expect(within(premium).getAllByRole('row')[2]).toHaveTextContent(/14 Jun\s*€0\s*£69/);
    expect(within(premium).getAllByRole('row')[3]).toHaveTextContent(/15 Jun\s*€1,380\s*£0/);
    // Cents survive the chart's whole units.
    const credits = screen.getByRole('table', { name: 'Credit sales per day' });
    expect(within(credits).getAllByRole('row')[3]).toHaveTextContent(/15 Jun\s*€250\.50/);
  });

  it('reads well on a fresh install: zeros, no rate, charts of empty days', async () => {
    overview(empty);
    renderAdmin(<OverviewRoute />, '/admin');
    expect(await screen.findByTestId('figure-moderation')).toHaveTextContent(/Awaiting moderation\s*0/);
    expect(screen.getByTestId('figure-failed')).toHaveTextContent('Every message went out');
    expect(screen.getByTestId('figure-unlock-rate')).toHaveTextContent(/—\s*No requests over this period/);
    expect(screen.getByTestId('figure-credits')).toHaveTextContent(/0\s*No credits sold over this period/);
    expect(screen.getByTestId('figure-premium')).toHaveTextContent('€0');
    const credits = await screen.findByRole('table', { name: 'Credit sales per day' }, { timeout: 15_000 });
    expect(within(credits).getAllByRole('row')).toHaveLength(31);
    expect(within(credits).getAllByRole('row')[1]).toHaveTextContent('€0');
  });

  it('asks for 7 or 90 days when the admin chooses', async () => {
    const calls = overview(empty);
    const user = userEvent.setup();
    renderAdmin(<OverviewRoute />, '/admin');
    await screen.findByTestId('figure-moderation');
    const periods = screen.getByRole('group', { name: 'Period' });
    expect(within(periods).getByRole('button', { name: '30 days' })).toHaveAttribute('aria-pressed', 'true');
    await user.click(within(periods).getByRole('button', { name: '7 days' }));
    await waitFor(() => expect(screen.getByTestId('figure-providers')).toHaveTextContent('Since 9 Jun 2026'));
    await user.click(within(periods).getByRole('button', { name: '90 days' }));
    await waitFor(() => expect(calls.map((call) => new URLSearchParams(call).get('days'))).toEqual(['30', '7', '90']));
  });

  it("shows the server's refusal with a way to try again", async () => {
    overview(() => HttpResponse.json({ error: 'errors.validation', message: 'Some fields are not valid.', fields: { tz: 'admin.overview.errors.time_zone' } }, { status: 422 }));
    renderAdmin(<OverviewRoute />, '/admin');
    const alert = await screen.findByTestId('admin-error');
    expect(alert).toHaveTextContent('Some fields are not valid.');
    expect(within(alert).getByRole('button', { name: 'Retry' })).toBeInTheDocument();
  });
});
