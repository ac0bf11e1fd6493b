// The money loop in the browser against the real binary in sandbox mode (no
// Stripe keys): credits bought and declined on the sandbox's test card page,
// a request unlocked and another rejected, premium (yearly) through the
// sandbox's checkout, then every request unlocked and the credits paused.
// `cd web && NOCES_BIN=../bin/noces node --test e2e/money.test.mjs`
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { apiTokens, checkA11y, login, newPage, shot, useServer } from './harness.mjs';

// Generous for a loaded machine; on an idle one each journey takes a fraction of it.
const T = { timeout: 180_000 };
const PLANNER = 'planner@noces.test';

// One signed-in planner for the whole file: the journeys follow each other
// (3 credits, 6 after the purchase, 5 after the unlock, then premium). Its
// context closes with the browser.
let page;
let token;

const server = useServer({
  setUp: async ({ browser, baseURL }) => {
    page = await newPage(browser);
    await login(page, baseURL, PLANNER);
    ({ token } = await apiTokens(page.request, baseURL, PLANNER));
  },
});

/** The planner's API view, with a token of its own. */
async function api(path) {
  const response = await page.request.get(`${server.baseURL}${path}`, { headers: { Authorization: `Bearer ${token}` } });
  assert.equal(response.status(), 200, `GET ${path}: ${await response.text()}`);
  return response.json();
}

async function openCredits(page) {
  await page.goto(`${server.baseURL}/credits`);
  await page.getByRole('heading', { level: 1, name: 'Crédits' }).waitFor();
  await page.getByTestId('price-total').filter({ hasText: '€' }).waitFor();
}

/** From the credits page: n credits, the sandbox dialog, then the test card page. */
async function payInSandbox(page, credits, card) {
  await page.getByRole('button', { name: new RegExp(`^${credits} crédits?\\b`) }).click();
  await page.getByTestId('buy-button').click();
  const dialog = page.getByRole('dialog', { name: 'Paiement sécurisé' });
  await dialog.getByTestId('sandbox-payment').waitFor();
  assert.match(await dialog.innerText(), /Mode bac à sable : aucun paiement réel/);
  return async (screenshot) => {
    if (screenshot) await shot(page, screenshot);
    await dialog.getByRole('button', { name: 'Continuer vers la page de paiement de test' }).click();
    await page.waitForURL(/\/sandbox\/pay\//);
    await page.locator('#card').fill(card);
    return page;
  };
}

describe('credits and premium in the sandbox', () => {
  it('buys 3 credits on the test card page: the balance goes 3 -> 6 and the history shows the purchase', T, async () => {
    await openCredits(page);
    assert.equal(await page.getByTestId('credit-balance').innerText(), '3');
    await shot(page, 'credits');

    const proceed = await payInSandbox(page, 3, '4242 4242 4242 4242');
    await proceed('credits-sandbox-dialog');
    await checkA11y(page);
    await shot(page, 'sandbox-pay', { a11y: false });
    await page.locator('form button[type="submit"]').click();

    await page.waitForURL((url) => url.pathname === '/credits');
    const done = page.getByTestId('payment-return');
    await done.waitFor({ timeout: 15_000 });
    assert.match(await done.innerText(), /3 crédits ont été ajoutés\. Votre nouveau solde : 6\./);
    assert.equal(await page.getByTestId('credit-balance').innerText(), '6');
    // The status is read, then removed from the address.
    await page.waitForURL((url) => url.search === '');
    const purchase = page.getByTestId('credit-log').filter({ hasText: '+3' }).first();
    await purchase.waitFor();
    assert.match(await page.getByTestId('credit-chip').innerText(), /\b6\b/);
    await shot(page, 'credits-bought');
    assert.equal((await api('/api/me')).credits, 6);
  });

  it('a declined card (4000 0000 0000 0002) adds nothing and says so', T, async () => {
    await openCredits(page);
    const before = (await api('/api/credits/logs')).logs.length;
    const proceed = await payInSandbox(page, 1, '4000 0000 0000 0002');
    await proceed();
    await page.locator('form button[type="submit"]').click();
    await page.waitForURL((url) => url.pathname === '/credits');
    const notice = page.getByTestId('payment-return');
    await notice.waitFor();
    assert.match(await notice.innerText(), /Votre paiement a été refusé/);
    assert.equal(await notice.getAttribute('data-status'), 'payment_failed');
    assert.equal(await page.getByTestId('credit-balance').innerText(), '6');
    await shot(page, 'credits-declined');
    assert.equal((await api('/api/me')).credits, 6);
    assert.equal((await api('/api/credits/logs')).logs.length, before);
  });

  it('unlocks a request (6 -> 5 credits) and rejects another on the request screens', T, async () => {
    const { eventRequests } = await api('/api/event-requests?page=1&pageSize=25');
    const locked = eventRequests.filter((r) => !r.isUnlocked && !r.isRejected);
    assert.ok(locked.length >= 2, `two locked demo requests: ${JSON.stringify(eventRequests.map((r) => [r.isUnlocked, r.isRejected]))}`);
    const [toUnlock, toReject] = locked;

    await page.goto(`${server.baseURL}/event-requests/${toUnlock.uuid}`);
    await page.getByRole('button', { name: 'Débloquer', exact: true }).click();
    const confirm = page.getByRole('dialog', { name: 'Débloquer cette demande ?' });
    await confirm.getByRole('button', { name: 'Débloquer pour 1 crédit' }).click();
    await page.getByText(/Demande débloquée/).first().waitFor();
    const unlocked = await api(`/api/event-requests/${toUnlock.uuid}`);
    assert.equal(unlocked.message.isUnlocked, true);
    assert.equal((await api('/api/me')).credits, 5);

    await page.goto(`${server.baseURL}/event-requests/${toReject.uuid}`);
    await page.getByRole('button', { name: 'Refuser', exact: true }).click();
    const reject = page.getByRole('dialog', { name: 'Refuser cette demande ?' });
    await reject.getByRole('radio').first().check();
    await reject.getByRole('button', { name: 'Refuser la demande' }).click();
    await page.getByText('La demande a été refusée.').first().waitFor();
    assert.equal((await api(`/api/event-requests/${toReject.uuid}`)).message.isRejected, true);
    assert.equal((await api('/api/me')).credits, 5);

    await openCredits(page);
    assert.equal(await page.getByTestId('credit-balance').innerText(), '5');
    assert.match(await page.getByTestId('credit-log').first().innerText(), /−1/);
  });

  it('subscribes to premium yearly through the sandbox checkout: every request unlocked, credits paused', T, async () => {
    await page.goto(`${server.baseURL}/subscription`);
    await page.getByRole('heading', { level: 1, name: 'Abonnement Premium' }).waitFor();
    assert.equal(await page.getByTestId('billing-yearly').getAttribute('aria-pressed'), 'true');
    assert.match(await page.getByTestId('save-badge').innerText(), /20/);
    assert.match(await page.getByTestId('plan-premium-price').innerText(), /57,50/);
    await shot(page, 'subscription');

    await page.getByTestId('subscribe-button').click();
    await page.waitForURL(/\/sandbox\/checkout\//);
    assert.match(await page.locator('main').innerText(), /690/);
    await page.locator('#card').fill('4242 4242 4242 4242');
    await checkA11y(page);
    await shot(page, 'sandbox-checkout', { a11y: false });
    await page.locator('form button[type="submit"]').click();

    await page.waitForURL((url) => url.pathname === '/subscription');
    const welcome = page.getByTestId('subscription-return');
    await welcome.waitFor({ timeout: 15_000 });
    assert.match(await welcome.innerText(), /Bienvenue dans Premium/);
    const status = page.getByTestId('subscription-status');
    await status.waitFor();
    assert.equal(await status.getAttribute('data-status'), 'active');
    assert.match(await status.innerText(), /Annuelle, 690/);
    await page.waitForURL((url) => url.search === '');
    await shot(page, 'subscription-active');

    const me = await api('/api/me');
    assert.equal(me.isPremium, true);
    assert.equal(me.premiumStatus, 'active');
    assert.equal(me.premiumPlan, 'yearly');
    const { eventRequests } = await api('/api/event-requests?page=1&pageSize=25');
    for (const request of eventRequests.filter((r) => !r.isRejected)) {
      assert.equal(request.isUnlocked, true, `request ${request.uuid} is unlocked for a premium member`);
      const detail = await api(`/api/event-requests/${request.uuid}`);
      assert.ok(detail.project.member.email, `contacts of ${request.uuid} are shown`);
    }

    await page.goto(`${server.baseURL}/event-requests`);
    await page.getByRole('heading', { level: 1 }).waitFor();
    await page.getByText('Débloquée').first().waitFor();
    assert.equal(await page.getByText('Verrouillée', { exact: true }).count(), 0);

    await openCredits(page);
    const paused = page.getByTestId('credits-paused');
    await paused.waitFor();
    assert.match(await paused.innerText(), /Vos crédits sont en pause/);
    assert.match(await paused.innerText(), /Votre solde de 5/);
    await shot(page, 'credits-paused');
  });
});
