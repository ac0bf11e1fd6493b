import { QueryClientProvider } from '@tanstack/react-query';
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Component as CreditsRoute } from '@/app/routes/credits-route';
import { savePendingPurchase } from '@/features/billing/pending-purchase';
import { queryKeys } from '@/lib/query-keys';
import { setTokens } from '@/lib/auth/token-storage';
import type { User } from '@/lib/auth/user';
import type * as ConfigModule from '@/lib/config';
import type { AppConfig, PaymentsConfig } from '@/lib/config';
import { createQueryClient } from '@/lib/query-client';
import { makeUser } from '@/test/fixtures';
import { server } from '@/test/msw-server';

const config = vi.hoisted(() => ({ payments: { provider: 'sandbox', publishableKey: '' } as PaymentsConfig }));
vi.mock('@/lib/config', async (original) => {
  const actual = await original<typeof ConfigModule>();
  return { ...actual, getConfig: (): AppConfig => ({ ...actual.parseConfig(), payments: config.payments }) };
});

const leave = vi.hoisted(() => ({ leavePage: vi.fn() }));
vi.mock('@/lib/leave-page', () => leave);

// Stripe.js never loads in tests: loadStripe gives a fake whose Payment
// Element is "ready" at once and whose confirmation fails as told.
const stripe = vi.hoisted(() => {
  const confirmPayment = vi.fn();
  const element = {
    mount: vi.fn(),
    destroy: vi.fn(),
    update: vi.fn(),
    on: vi.fn((event: string, handler: () => void) => {
      if (event === 'ready') setTimeout(handler, 0);
    }),
    off: vi.fn(),
  };
  const fake = {
    elements: vi.fn(() => ({ create: vi.fn(() => element), getElement: vi.fn(() => element), update: vi.fn(), submit: vi.fn() })),
    createToken: vi.fn(),
    createPaymentMethod: vi.fn(),
    confirmCardPayment: vi.fn(),
    confirmPayment,
  };
  return { fake, confirmPayment, loadStripe: vi.fn(() => Promise.resolve(fake)) };
});
vi.mock('@stripe/stripe-js/pure', () => ({ loadStripe: stripe.loadStripe }));

/** The server's formula (DECISIONS.md, Money), as GET /api/credits/prices gives it. */
function serverPrice(n: number): number {
  if (n === 1) return 3000;
  const raw = Math.max(30 * n * (1 - (0.5 * Math.log(1 + n)) / Math.log(31)), 15 * n);
  return Math.ceil(raw * 2 - 1e-9) * 50;
}

const PRICES = Array.from({ length: 50 }, (_, i) => ({ credits: i + 1, priceCents: serverPrice(i + 1) }));

const LOGS = [
  { id: 'log-3', createdAt: '2026-06-12T09:30:00Z', description: 'Request unlocked', deposited: 0, withdrawn: 1, currency: 'EUR', amountCents: null },
  { id: 'log-2', createdAt: '2026-06-10T14:00:00Z', description: 'Credits bought', deposited: 3, withdrawn: 0, currency: 'EUR', amountCents: 7200 },
  { id: 'log-1', createdAt: '2026-06-01T08:00:00Z', description: 'Welcome credit', deposited: 1, withdrawn: 0, currency: 'EUR', amountCents: null },
];

interface BuyCall {
  body: unknown;
  idempotencyKey: string | null;
}

let buys: BuyCall[] = [];
let meCalls = 0;

function handlers({ prices = PRICES, logs = LOGS }: { prices?: typeof PRICES; logs?: typeof LOGS } = {}) {
  server.use(
    http.get('*/api/credits/prices', () => HttpResponse.json({ currency: 'EUR', prices, premium: { monthlyCents: 6900, yearlyCents: 69000 } })),
    http.get('*/api/credits/logs', () => HttpResponse.json({ logs })),
  );
}

function buyAnswers(answer: () => Response | Promise<Response>) {
  server.use(
    http.post('*/api/credits/buy', async ({ request }) => {
      buys.push({ body: await request.json(), idempotencyKey: request.headers.get('Idempotency-Key') });
      return answer();
    }),
  );
}

function meAnswers(users: User[]) {
  server.use(
    http.get('*/api/me', () => {
      const user = users[Math.min(meCalls, users.length - 1)];
      meCalls += 1;
      return HttpResponse.json(user);
    }),
  );
}

function renderCredits(user: User = makeUser(), url = '/credits') {
  setTokens('access', 'refresh');
  const client = createQueryClient();
  client.setQueryData(queryKeys.me, user);
  const router = createMemoryRouter(
    [
      { path: '/credits', element: <CreditsRoute /> },
      { path: '/subscription', element: <p>subscription page</p> },
      { path: '/event-requests', element: <p>requests page</p> },
    ],
    { initialEntries: [url] },
  );
  render(
    <QueryClientProvider client={client}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return { router, client };
}

const euros = (cents: number) =>
  new Intl.NumberFormat('en', { style: 'currency', currency: 'EUR', minimumFractionDigits: cents % 100 === 0 ? 0 : 2 }).format(cents / 100);

beforeEach(() => {
  buys = [];
  meCalls = 0;
  config.payments = { provider: 'sandbox', publishableKey: '' };
  leave.leavePage.mockReset();
  stripe.loadStripe.mockClear();
  stripe.confirmPayment.mockReset();
  handlers();
});

afterEach(() => {
  vi.useRealTimers();
});

describe('the credits page', () => {
  it('shows the balance ring and the price the server gives, with the unit price and the saving', async () => {
    // A price list that is not the formula: the page must show the server's, not compute its own.
    handlers({ prices: PRICES.map((price) => (price.credits === 10 ? { credits: 10, priceCents: 19900 } : price)) });
    renderCredits(makeUser({ credits: 3 }));
    expect(screen.getByRole('heading', { level: 1, name: 'Credits' })).toBeInTheDocument();
    expect(screen.getByTestId('credit-balance')).toHaveTextContent('3');
    expect(await screen.findByTestId('price-total')).toHaveTextContent(euros(19900));
    expect(screen.getByTestId('price-unit')).toHaveTextContent(`${euros(1990)} per credit`);
    expect(screen.getByTestId('price-saving')).toHaveTextContent(`You save ${euros(10100)} (34%)`);
    expect(screen.getByTestId('buy-button')).toHaveTextContent(`Buy 10 credits for ${euros(19900)}`);
    // The ring: 3 left of 4 received, 1 used.
    await waitFor(() => expect(screen.getByTestId('credits-received')).toHaveTextContent('4'));
    expect(screen.getByTestId('credits-used')).toHaveTextContent('1');
    expect(screen.getByRole('progressbar', { name: 'Credits left: 3 of 4 received' })).toHaveAttribute('aria-valuenow', '75');
  });

  it('changes the quantity with the quick picks, the slider and the field; a bad value resets to 1 on blur', async () => {
    const user = userEvent.setup();
    renderCredits();
    await screen.findByTestId('price-total');

    await user.click(screen.getByRole('button', { name: /^3 credits/ }));
    expect(screen.getByTestId('price-total')).toHaveTextContent(euros(serverPrice(3)));
    expect(screen.getByRole('button', { name: /^3 credits/ })).toHaveAttribute('aria-pressed', 'true');

    const slider = screen.getByRole('slider', { name: 'Number of credits' });
    expect(slider).toHaveValue('3');
    fireEvent.keyDown(slider, { key: 'ArrowRight' });
    expect(screen.getByTestId('price-total')).toHaveTextContent(euros(serverPrice(4)));
    expect(screen.getByRole('textbox', { name: 'Credits' })).toHaveValue('4');
    fireEvent.keyDown(slider, { key: 'End' });
    expect(screen.getByRole('textbox', { name: 'Credits' })).toHaveValue('50');
    expect(screen.getByTestId('price-total')).toHaveTextContent(euros(serverPrice(50)));

    const field = screen.getByRole('textbox', { name: 'Credits' });
    await user.clear(field);
    await user.type(field, '51');
    expect(screen.getByTestId('buy-button')).toBeDisabled();
    expect(screen.getByTestId('buy-button')).toHaveTextContent('Choose between 1 and 50 credits');
    await user.tab();
    expect(field).toHaveValue('1');
    expect(screen.getByTestId('price-total')).toHaveTextContent(euros(3000));
    expect(screen.queryByTestId('price-saving')).toBeNull();
    expect(screen.getByTestId('buy-button')).toHaveTextContent(`Buy 1 credit for ${euros(3000)}`);
    expect(screen.getByTestId('buy-button')).toBeEnabled();
  });

  it('sends {credits, price in euros} with an idempotency key, then the sandbox dialog sends the browser to the test card page', async () => {
    buyAnswers(() =>
      HttpResponse.json({ clientSecret: 'pi_sbx_1_secret_x', paymentIntentId: 'pi_sbx_1', provider: 'sandbox', redirectUrl: '/sandbox/pay/pi_sbx_1' }),
    );
    const user = userEvent.setup();
    renderCredits(makeUser({ credits: 3 }));
    await screen.findByTestId('price-total');
    await user.click(screen.getByRole('button', { name: /^5 credits/ }));
    await user.click(screen.getByTestId('buy-button'));

    const dialog = await screen.findByRole('dialog', { name: 'Secure payment' });
    expect(within(dialog).getByTestId('order-summary')).toHaveTextContent(`5 credits${euros(serverPrice(5))}`);
    await within(dialog).findByTestId('sandbox-payment');
    expect(buys).toHaveLength(1);
    expect(buys[0]?.body).toEqual({ credits: 5, price: serverPrice(5) / 100 });
    expect(buys[0]?.idempotencyKey).toMatch(/\S{8,}/);
    expect(dialog).toHaveTextContent('Sandbox mode: no real payment');
    expect(dialog).toHaveTextContent('4242 4242 4242 4242');
    expect(stripe.loadStripe).not.toHaveBeenCalled();

    await user.click(within(dialog).getByRole('button', { name: 'Continue to the test payment page' }));
    expect(leave.leavePage).toHaveBeenCalledWith('/sandbox/pay/pi_sbx_1');
    // The purchase is remembered for the return: balance 3 + 5 is what the page will wait for.
    expect(JSON.parse(window.sessionStorage.getItem('noces.pendingCreditPurchase') ?? '{}')).toEqual({
      paymentIntentId: 'pi_sbx_1',
      credits: 5,
      balanceBefore: 3,
    });
  });

  it('with Stripe: mounts the Payment Element with the page config key, without Stripe.js from the network, and maps card errors', async () => {
    config.payments = { provider: 'stripe', publishableKey: 'pk_test_noces' };
    buyAnswers(() => HttpResponse.json({ clientSecret: 'pi_1_secret_abc', paymentIntentId: 'pi_1', provider: 'stripe', redirectUrl: null }));
    stripe.confirmPayment.mockResolvedValue({ error: { type: 'card_error', code: 'card_declined', decline_code: 'insufficient_funds' } });
    const user = userEvent.setup();
    renderCredits();
    await screen.findByTestId('price-total');
    await user.click(screen.getByTestId('buy-button'));

    const dialog = await screen.findByRole('dialog', { name: 'Secure payment' });
    expect(await within(dialog).findByTestId('stripe-payment-element')).toBeInTheDocument();
    expect(stripe.loadStripe).toHaveBeenCalledWith('pk_test_noces');
    expect(stripe.fake.elements).toHaveBeenCalledWith(expect.objectContaining({ clientSecret: 'pi_1_secret_abc', locale: 'en' }));
    expect(document.querySelector('script[src*="stripe.com"]')).toBeNull();

    const pay = within(dialog).getByRole('button', { name: `Pay ${euros(serverPrice(10))}` });
    await waitFor(() => expect(pay).toBeEnabled());
    await user.click(pay);
    expect(stripe.confirmPayment).toHaveBeenCalledWith(
      expect.objectContaining({ confirmParams: { return_url: `${window.location.origin}/api/credits/payment-success` } }),
    );
    expect(await within(dialog).findByTestId('card-error')).toHaveTextContent('Your card has insufficient funds.');
    expect(leave.leavePage).not.toHaveBeenCalled();
  });

  it('says stripe_not_loaded when Stripe.js cannot be loaded', async () => {
    config.payments = { provider: 'stripe', publishableKey: 'pk_test_broken' };
    // Made when called: a rejection made earlier would go unhandled until then.
    stripe.loadStripe.mockImplementationOnce(() => Promise.reject(new Error('blocked')));
    buyAnswers(() => HttpResponse.json({ clientSecret: 'pi_2_secret', paymentIntentId: 'pi_2', provider: 'stripe', redirectUrl: null }));
    const user = userEvent.setup();
    renderCredits();
    await screen.findByTestId('price-total');
    await user.click(screen.getByTestId('buy-button'));
    const dialog = await screen.findByRole('dialog');
    expect(await within(dialog).findByText(/The payment form could not be loaded/)).toBeInTheDocument();
  });

  describe('maps a refused purchase (part 2 §8, credits buy HTTP errors)', () => {
    const cases: { name: string; answer: () => Response; text: string; server?: string }[] = [
      {
        name: '400 validation_error',
        answer: () => HttpResponse.json({ error: 'errors.validation', message: 'Invalid request.' }, { status: 400 }),
        text: 'The purchase was refused: please check the number of credits and the price.',
        server: 'Invalid request.',
      },
      {
        name: '403 access_denied',
        answer: () => HttpResponse.json({ error: 'credits.errors.not_moderated', message: 'Your profile is not moderated yet.' }, { status: 403 }),
        text: 'You are not allowed to buy credits yet.',
        server: 'Your profile is not moderated yet.',
      },
      {
        name: '404 resource_not_found',
        answer: () => HttpResponse.json({ error: 'errors.not_found', message: '' }, { status: 404 }),
        text: 'This purchase option could not be found.',
      },
      {
        name: '500 internal_error',
        answer: () => HttpResponse.json({ error: 'errors.internal', message: 'Internal error' }, { status: 500 }),
        text: 'Our server ran into an error. Please try again in a moment.',
      },
      {
        name: "another status: the server's text",
        answer: () =>
          HttpResponse.json({ error: 'errors.validation', message: 'The price does not match.', fields: { price: 'credits.errors.price' } }, { status: 422 }),
        text: 'The price does not match.',
      },
      {
        name: 'another status without text: unexpected',
        answer: () => new HttpResponse('Bad gateway', { status: 502 }),
        text: 'An unexpected error occurred. Please try again.',
      },
      {
        name: 'no answer: network_error',
        answer: () => HttpResponse.error(),
        text: 'The server could not be reached. Check your connection and try again.',
      },
    ];

    it.each(cases)('$name', async ({ answer, text, server: serverText }) => {
      buyAnswers(answer);
      const user = userEvent.setup();
      renderCredits();
      await screen.findByTestId('price-total');
      await user.click(screen.getByTestId('buy-button'));
      const error = await screen.findByTestId('buy-error');
      expect(error).toHaveTextContent(text);
      if (serverText) expect(error).toHaveTextContent(serverText);
      expect(screen.queryByTestId('sandbox-payment')).toBeNull();
      expect(window.sessionStorage.getItem('noces.pendingCreditPurchase')).toBeNull();
    });

    it('retries with a new idempotency key', async () => {
      let first = true;
      buyAnswers(() => {
        if (first) {
          first = false;
          return HttpResponse.json({ error: 'errors.internal', message: '' }, { status: 500 });
        }
        return HttpResponse.json({ clientSecret: 's', paymentIntentId: 'pi_3', provider: 'sandbox', redirectUrl: '/sandbox/pay/pi_3' });
      });
      const user = userEvent.setup();
      renderCredits();
      await screen.findByTestId('price-total');
      await user.click(screen.getByTestId('buy-button'));
      await user.click(within(await screen.findByTestId('buy-error')).getByRole('button', { name: 'Retry' }));
      await screen.findByTestId('sandbox-payment');
      expect(buys).toHaveLength(2);
      expect(buys[0]?.idempotencyKey).not.toEqual(buys[1]?.idempotencyKey);
    });
  });

  describe('shows the return status (part 2 §8) and removes it from the address', () => {
    const statuses: { status: string; severity: string; text: string }[] = [
      { status: 'processing', severity: 'Info', text: 'Your payment is being processed.' },
      { status: 'amount_capturable_updated', severity: 'Info', text: 'Your payment has been authorised and is awaiting capture.' },
      { status: 'unknown_status', severity: 'Warning', text: 'We could not determine the status of your payment.' },
      { status: 'missing_parameters', severity: 'Error', text: 'The payment information is incomplete.' },
      { status: 'payment_intent_not_found', severity: 'Error', text: 'We could not find this payment.' },
      { status: 'planner_not_found', severity: 'Error', text: 'Your account could not be found for this payment.' },
      { status: 'credit_log_failed', severity: 'Error', text: 'the credits could not be recorded' },
      { status: 'processing_error', severity: 'Error', text: 'An error occurred while processing your payment.' },
      { status: 'canceled', severity: 'Error', text: 'The payment was canceled.' },
      { status: 'failed', severity: 'Error', text: 'The payment failed.' },
      { status: 'payment_failed', severity: 'Error', text: 'Your payment was declined.' },
      { status: 'something_else', severity: 'Error', text: 'An unexpected error occurred with your payment.' },
    ];

    it.each(statuses)('?status=$status', async ({ status, severity, text }) => {
      const { router } = renderCredits(makeUser(), `/credits?status=${status}&tab=1`);
      const notice = await screen.findByTestId('payment-return');
      expect(notice).toHaveTextContent(text);
      expect(notice).toHaveAttribute('data-status', status);
      expect(notice.className).toContain(`MuiAlert-color${severity}`);
      await waitFor(() => expect(router.state.location.search).toBe('?tab=1'));
      expect(screen.getByTestId('payment-return')).toBeInTheDocument();
    });

    it('reads ?error= and ?success= as well', async () => {
      const { router } = renderCredits(makeUser(), '/credits?error=payment_failed');
      expect(await screen.findByTestId('payment-return')).toHaveTextContent('Your payment was declined.');
      await waitFor(() => expect(router.state.location.search).toBe(''));
    });

    it('a failed payment forgets the pending purchase', async () => {
      savePendingPurchase({ paymentIntentId: 'pi_9', credits: 3, balanceBefore: 3 });
      renderCredits(makeUser(), '/credits?status=payment_failed');
      await screen.findByTestId('payment-return');
      await waitFor(() => expect(window.sessionStorage.getItem('noces.pendingCreditPurchase')).toBeNull());
    });
  });

  it('?status=true: shows "processing" and polls /api/me until the credits arrive, then reloads the history', async () => {
    savePendingPurchase({ paymentIntentId: 'pi_4', credits: 3, balanceBefore: 3 });
    meAnswers([makeUser({ credits: 3 }), makeUser({ credits: 3 }), makeUser({ credits: 6 })]);
    let logsCalls = 0;
    server.use(
      http.get('*/api/credits/logs', () => {
        logsCalls += 1;
        return HttpResponse.json({ logs: logsCalls > 1 ? [{ id: 'log-4', createdAt: '2026-06-15T10:00:00Z', description: 'Credits bought', deposited: 3, withdrawn: 0 }, ...LOGS] : LOGS });
      }),
    );
    const { router } = renderCredits(makeUser({ credits: 3 }), '/credits?status=true');
    expect(await screen.findByTestId('payment-processing')).toHaveTextContent('Your credits are being added to your balance');
    await waitFor(() => expect(router.state.location.search).toBe(''));
    const done = await screen.findByTestId('payment-return', {}, { timeout: 6_000 });
    expect(done).toHaveTextContent('3 credits have been added. Your new balance: 6.');
    expect(screen.getByTestId('credit-balance')).toHaveTextContent('6');
    expect(meCalls).toBeGreaterThanOrEqual(3);
    await waitFor(() => expect(screen.getAllByTestId('credit-log')).toHaveLength(4));
    expect(window.sessionStorage.getItem('noces.pendingCreditPurchase')).toBeNull();
  });

  it('stops waiting after 30 s and says the credits will come a little later', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    savePendingPurchase({ paymentIntentId: 'pi_5', credits: 3, balanceBefore: 3 });
    meAnswers([makeUser({ credits: 3 })]);
    renderCredits(makeUser({ credits: 3 }), '/credits?status=true');
    await screen.findByTestId('payment-processing');
    await act(async () => {
      await vi.advanceTimersByTimeAsync(31_000);
    });
    expect(await screen.findByTestId('payment-slow')).toHaveTextContent('Your credits will appear on your balance in a few minutes.');
    const calls = meCalls;
    await act(async () => {
      await vi.advanceTimersByTimeAsync(5_000);
    });
    expect(meCalls).toBe(calls);
  }, 60_000); // 31 s of polling through msw, replayed at once: slow on two busy cores

  it('lists the history, newest first, and says so when it cannot be loaded', async () => {
    renderCredits();
    const rows = await screen.findAllByTestId('credit-log');
    expect(rows.map((row) => row.textContent)).toEqual([
      expect.stringContaining('Request unlocked'),
      expect.stringContaining('Credits bought'),
      expect.stringContaining('Welcome credit'),
    ]);
    expect(rows[0]).toHaveTextContent('1 credit spent');
    expect(rows[1]).toHaveTextContent('+3');
    expect(rows[1]).toHaveTextContent('3 credits added');
    // A purchase says what it cost and when, as an English reader writes it.
    expect(rows[1]).toHaveTextContent('10 Jun 2026');
    expect(within(rows[1]!).getByTestId('credit-log-paid')).toHaveTextContent('€72');
    expect(within(rows[0]!).queryByTestId('credit-log-paid')).toBeNull();

    server.use(http.get('*/api/credits/logs', () => HttpResponse.json({ error: 'errors.not_found', message: '' }, { status: 404 })));
    renderCredits();
    expect(await screen.findByText('Your credit history could not be loaded.')).toBeInTheDocument();
  });

  it('tells a premium member the credits are paused', async () => {
    renderCredits(makeUser({ isPremium: true, premiumStatus: 'active', credits: 4 }));
    const notice = screen.getByTestId('credits-paused');
    expect(notice).toHaveTextContent('Your credits are paused');
    expect(notice).toHaveTextContent('Your balance of 4 is kept');
    expect(within(notice).getByRole('link', { name: 'My subscription' })).toHaveAttribute('href', '/subscription');
    expect(screen.getByTestId('balance-card')).toHaveTextContent('Paused');
  });

  it('lets a provider buy only once moderated', async () => {
    renderCredits(makeUser({ isModerated: false }));
    expect(screen.getByTestId('credits-moderation')).toHaveTextContent('You can buy credits as soon as your profile has been moderated.');
    await screen.findByTestId('price-total');
    expect(screen.getByTestId('buy-button')).toBeDisabled();
  });

  it('shows the FAQ and the testimonials with the page figures', async () => {
    const user = userEvent.setup();
    renderCredits();
    await user.click(screen.getByRole('button', { name: 'Do my credits expire?' }));
    expect(await screen.findByText(/Credits never expire and roll over from month to month until you use them/)).toBeVisible();
    expect(screen.getByTestId('credits-trust')).toHaveTextContent('10,000+');
    expect(screen.getByTestId('credits-trust')).toHaveTextContent('4.8/5');
    expect(screen.getByTestId('credits-trust')).toHaveTextContent('99%');
    expect(screen.getAllByTestId('testimonial')).toHaveLength(3);
  });
});
