import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { Component as SubscriptionRoute } from '@/app/routes/subscription-route';
import { queryKeys } from '@/lib/query-keys';
import { setTokens } from '@/lib/auth/token-storage';
import type { User } from '@/lib/auth/user';
import { createQueryClient } from '@/lib/query-client';
import { makeUser } from '@/test/fixtures';
import { server } from '@/test/msw-server';

const leave = vi.hoisted(() => ({ leavePage: vi.fn() }));
vi.mock('@/lib/leave-page', () => leave);

let subscribeBodies: unknown[] = [];
let portalCalls = 0;
let meCalls = 0;

function renderSubscription(user: User = makeUser(), url = '/subscription') {
  setTokens('access', 'refresh');
  const client = createQueryClient();
  client.setQueryData(queryKeys.me, user);
  const router = createMemoryRouter(
    [
      { path: '/subscription', element: <SubscriptionRoute /> },
      { path: '/credits', element: <p>credits page</p> },
    ],
    { initialEntries: [url] },
  );
  render(
    <QueryClientProvider client={client}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return router;
}

function subscribeAnswers(answer: () => Response) {
  server.use(
    http.post('*/api/subscription/subscribe', async ({ request }) => {
      subscribeBodies.push(await request.json());
      return answer();
    }),
  );
}

function portalAnswers(answer: () => Response) {
  server.use(
    http.get('*/api/subscription/update', () => {
      portalCalls += 1;
      return answer();
    }),
  );
}

const euros = (cents: number) =>
  new Intl.NumberFormat('en', { style: 'currency', currency: 'EUR', minimumFractionDigits: cents % 100 === 0 ? 0 : 2 }).format(cents / 100);

const ACTIVE = {
  isPremium: true,
  premiumStatus: 'active' as const,
  premiumPlan: 'yearly' as const,
  premiumStartAt: '2026-03-12T10:00:00Z',
  premiumEndAt: '2027-03-12T10:00:00Z',
};

/** GET /api/credits/prices for a user of currency: premium's two plans in it. */
function priceAnswers(currency = 'EUR', monthlyCents = 6900, yearlyCents = 69000) {
  server.use(http.get('*/api/credits/prices', () => HttpResponse.json({ currency, prices: [{ credits: 1, priceCents: 3000 }], premium: { monthlyCents, yearlyCents } })));
}

/** The plans show their prices once GET /api/credits/prices answered. */
async function pricesLoaded() {
  await waitFor(() => expect(screen.getByTestId('plan-premium-price')).not.toHaveTextContent('—'));
}

beforeEach(() => {
  subscribeBodies = [];
  portalCalls = 0;
  meCalls = 0;
  leave.leavePage.mockReset();
  priceAnswers();
});

describe('the subscription page', () => {
  it('shows premium in pounds on the UK domain: 49.17 a month billed 590 a year, or 59 a month', async () => {
    priceAnswers('GBP', 5900, 59000);
    renderSubscription();
    const premium = await screen.findByTestId('plan-premium');
    await waitFor(() => expect(premium).toHaveTextContent('£49.17'));
    expect(premium).toHaveTextContent('£590');
    expect(premium).not.toHaveTextContent('€');
  });

  it('compares free and premium, yearly by default with the save-20% badge: 57.50 a month, 690 a year', async () => {
    const user = userEvent.setup();
    renderSubscription();
    await pricesLoaded();
    expect(screen.getByRole('heading', { level: 1, name: 'Premium subscription' })).toBeInTheDocument();
    expect(screen.queryByTestId('subscription-status')).toBeNull();
    expect(screen.getByRole('button', { name: /Yearly/ })).toHaveAttribute('aria-pressed', 'true');
    expect(screen.getByTestId('save-badge')).toHaveTextContent('Save 20%');
    expect(screen.getByTestId('plan-premium-price')).toHaveTextContent(euros(5750));
    expect(screen.getByTestId('plan-premium-note')).toHaveTextContent(`Billed ${euros(69000)} a year: two months free`);
    expect(screen.getByTestId('plan-free-price')).toHaveTextContent(euros(0));
    expect(screen.getByTestId('plan-free-current')).toHaveTextContent('Current plan');
    expect(screen.getByTestId('subscribe-button')).toHaveTextContent(`Go Premium for ${euros(69000)} a year`);

    await user.click(screen.getByRole('button', { name: 'Monthly' }));
    expect(screen.getByTestId('plan-premium-price')).toHaveTextContent(euros(6900));
    expect(screen.getByTestId('plan-premium-note')).toHaveTextContent('Billed every month, cancel at any time');
    expect(screen.getByTestId('subscribe-button')).toHaveTextContent(`Go Premium for ${euros(6900)} a month`);

    const table = within(screen.getByTestId('plan-comparison')).getByRole('table');
    const row = within(table).getByRole('row', { name: /Event requests/ });
    expect(row).toHaveTextContent('1 credit each');
    expect(row).toHaveTextContent('Unlimited');
    expect(within(table).getByRole('row', { name: /Instagram sync/ })).toHaveTextContent('Not includedIncluded');
    expect(screen.getByTestId('subscription-trust')).toHaveTextContent('200+');
    expect(screen.getByTestId('subscription-trust')).toHaveTextContent('98%');
    expect(screen.getAllByTestId('testimonial')).toHaveLength(3);
  });

  it.each([
    ['yearly', 'premium_yearly'],
    ['monthly', 'premium_monthly'],
  ])('subscribes %s: POST {plan: %s}, then goes to the session_url', async (billing, plan) => {
    subscribeAnswers(() => HttpResponse.json({ success: true, session_url: 'http://localhost/sandbox/checkout/cs_1' }));
    const user = userEvent.setup();
    renderSubscription();
    if (billing === 'monthly') await user.click(screen.getByRole('button', { name: 'Monthly' }));
    await user.click(screen.getByTestId('subscribe-button'));
    await waitFor(() => expect(leave.leavePage).toHaveBeenCalledWith('http://localhost/sandbox/checkout/cs_1'));
    expect(subscribeBodies).toEqual([{ plan }]);
    expect(screen.getByTestId('subscribe-button')).toBeDisabled();
  });

  it('active: renewal date, yearly billing and a downgrade button that opens the billing portal', async () => {
    portalAnswers(() => HttpResponse.json({ success: true, session_url: 'http://localhost/sandbox/portal/cus_1' }));
    const user = userEvent.setup();
    renderSubscription(makeUser(ACTIVE));
    await pricesLoaded();
    const card = screen.getByTestId('subscription-status');
    expect(card).toHaveAttribute('data-status', 'active');
    expect(within(card).getByTestId('premium-status-chip')).toHaveTextContent('Active');
    expect(card).toHaveTextContent('renews automatically on 12 March 2027');
    expect(card).toHaveTextContent('Active since12 March 2026');
    expect(card).toHaveTextContent(`Yearly, ${euros(69000)} a year`);
    expect(screen.getByTestId('plan-premium-current')).toBeInTheDocument();
    expect(screen.queryByTestId('subscribe-button')).toBeNull();
    expect(screen.queryByTestId('buy-credits-link')).toBeNull();

    await user.click(within(card).getByRole('button', { name: 'Change plan or cancel' }));
    await waitFor(() => expect(leave.leavePage).toHaveBeenCalledWith('http://localhost/sandbox/portal/cus_1'));
    expect(portalCalls).toBe(1);
  });

  it('monthly premium opens on the monthly prices', async () => {
    renderSubscription(makeUser({ ...ACTIVE, premiumPlan: 'monthly' }));
    await pricesLoaded();
    expect(screen.getByRole('button', { name: 'Monthly' })).toHaveAttribute('aria-pressed', 'true');
    expect(screen.getByTestId('subscription-status')).toHaveTextContent(`Monthly, ${euros(6900)} a month`);
  });

  it('cancellation: ends at premiumEndAt, with a renew button', async () => {
    portalAnswers(() => HttpResponse.json({ success: true, session_url: '/sandbox/portal/cus_2' }));
    const user = userEvent.setup();
    renderSubscription(makeUser({ ...ACTIVE, premiumStatus: 'cancellation' }));
    await pricesLoaded();
    const card = screen.getByTestId('subscription-status');
    expect(within(card).getByTestId('premium-status-chip')).toHaveTextContent('Ending');
    expect(card).toHaveTextContent('has been canceled and ends on 12 March 2027');
    expect(card).toHaveTextContent('Ends on12 March 2027');
    expect(card).toHaveTextContent(`Yearly, ${euros(69000)} a year: canceled, no further payment`);
    await user.click(within(card).getByRole('button', { name: 'Renew my subscription' }));
    await waitFor(() => expect(leave.leavePage).toHaveBeenCalledWith('/sandbox/portal/cus_2'));
  });

  it('canceled: says when it ended and offers to start again', () => {
    renderSubscription(makeUser({ ...ACTIVE, isPremium: false, premiumStatus: 'canceled', premiumPlan: null, premiumEndAt: '2026-05-01T00:00:00Z' }));
    const card = screen.getByTestId('subscription-status');
    expect(within(card).getByTestId('premium-status-chip')).toHaveTextContent('Ended');
    expect(card).toHaveTextContent('ended on 1 May 2026');
    expect(card).not.toHaveTextContent('Billing');
    expect(within(card).queryByRole('button')).toBeNull();
    expect(screen.getByTestId('subscribe-button')).toBeEnabled();
    expect(screen.getByTestId('plan-free-current')).toBeInTheDocument();
  });

  it('canceled: never shows the billing of an ended plan, whatever premiumPlan says', () => {
    renderSubscription(makeUser({ ...ACTIVE, isPremium: false, premiumStatus: 'canceled', premiumPlan: 'monthly', premiumEndAt: '2026-05-01T00:00:00Z' }));
    const card = screen.getByTestId('subscription-status');
    expect(card).not.toHaveTextContent('Billing');
    expect(card).not.toHaveTextContent(`${euros(6900)} a month`);
  });

  it('none: no subscription card, a start button and a way to credits', () => {
    renderSubscription(makeUser());
    expect(screen.queryByTestId('subscription-status')).toBeNull();
    expect(screen.getByTestId('subscribe-button')).toBeEnabled();
    expect(screen.getByTestId('buy-credits-link')).toHaveAttribute('href', '/credits');
  });

  it('?status=success: waits for the webhook by polling /api/me until premium is active, then removes the parameter', async () => {
    server.use(
      http.get('*/api/me', () => {
        meCalls += 1;
        return HttpResponse.json(meCalls >= 2 ? makeUser(ACTIVE) : makeUser());
      }),
    );
    const router = renderSubscription(makeUser(), '/subscription?status=success');
    expect(await screen.findByTestId('premium-processing')).toHaveTextContent('We are activating your subscription');
    await waitFor(() => expect(router.state.location.search).toBe(''));
    const done = await screen.findByTestId('subscription-return', {}, { timeout: 6_000 });
    expect(done).toHaveTextContent('Welcome to Premium!');
    expect(done).toHaveTextContent('Your subscription is active: every request is now unlocked.');
    expect(screen.getByTestId('subscription-status')).toHaveAttribute('data-status', 'active');
  });

  it('?status=cancel: nothing was charged', async () => {
    const router = renderSubscription(makeUser(), '/subscription?status=cancel');
    const notice = await screen.findByTestId('subscription-return');
    expect(notice).toHaveTextContent('The payment was canceled. You have not been charged');
    expect(notice.className).toContain('MuiAlert-colorInfo');
    await waitFor(() => expect(router.state.location.search).toBe(''));
    expect(meCalls).toBe(0);
  });

  it('?error= shows its message, an unknown ?status= a warning', async () => {
    renderSubscription(makeUser(), '/subscription?error=processing_error');
    const error = await screen.findByTestId('subscription-return');
    expect(error).toHaveTextContent('An error occurred while processing your request.');
    expect(error.className).toContain('MuiAlert-colorError');
    renderSubscription(makeUser(), '/subscription?status=weird');
    const warnings = await screen.findAllByTestId('subscription-return');
    expect(warnings[1]).toHaveTextContent('The payment service gave an unexpected answer.');
    expect(warnings[1]?.className).toContain('MuiAlert-colorWarning');
  });

  describe('maps a failed call (part 2 §8, pricing-page HTTP errors), preferring the server text', () => {
    it.each([
      [400, '', 'Some information is missing from the request.'],
      [403, '', 'Your provider account is not allowed to subscribe yet.'],
      [404, '', 'Your subscription could not be recorded.'],
      [500, 'Internal', 'An error occurred while processing your request.'],
      [418, '', 'The payment service gave an unexpected answer.'],
      [409, 'You already have a Premium subscription.', 'You already have a Premium subscription.'],
      [0, '', 'An error occurred while processing your request.'],
    ])('%i', async (status, message, text) => {
      subscribeAnswers(() => (status === 0 ? HttpResponse.error() : HttpResponse.json({ error: 'subscription.errors.x', message }, { status })));
      const user = userEvent.setup();
      renderSubscription();
      await user.click(screen.getByTestId('subscribe-button'));
      expect(await screen.findByTestId('subscription-error')).toHaveTextContent(text);
      expect(leave.leavePage).not.toHaveBeenCalled();
      expect(screen.getByTestId('subscribe-button')).toBeEnabled();
    });

    it('the billing portal too', async () => {
      portalAnswers(() => HttpResponse.json({ error: 'subscription.errors.no_customer', message: 'You have never subscribed.' }, { status: 409 }));
      const user = userEvent.setup();
      renderSubscription(makeUser(ACTIVE));
      await user.click(screen.getByTestId('manage-subscription'));
      expect(await screen.findByTestId('subscription-error')).toHaveTextContent('You have never subscribed.');
    });
  });

  it('waits for moderation before anything can be bought', () => {
    renderSubscription(makeUser({ isModerated: false }));
    expect(screen.getByTestId('subscription-moderation')).toHaveTextContent('You can subscribe as soon as your profile has been moderated.');
    expect(screen.getByTestId('subscribe-button')).toBeDisabled();
  });
});
