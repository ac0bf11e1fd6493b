// Credits that come back by themselves, against the real binary with the
// demo data: planner@noces.test
// has, besides its 4 new requests, an older one it unlocked for a credit and
// wrote to, whose couple never opened the message: the credit came back by
// itself. The planner sees it on the list (chip) and the request's page
// (notice with the reason), the credit history words the refund, and the
// dashboard's booked-weddings card shows "—" before a first booking.
// Screenshots at 390 and 1440 px, axe on every screen.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { apiTokens, checkA11y, journey as harnessJourney, login, shot, useServer, WIDTHS } from './harness.mjs';

const T = { timeout: 180_000 };
const PLANNER = 'planner@noces.test';
const REASON = "le couple n'a pas ouvert votre premier message en 72 heures";

const server = useServer();
const journey = (options, fn) => harnessJourney({ stepTimeout: 15_000, ...options }, fn);

/** The planner's refunded demo request, read through the API. */
async function refundedRequest(page) {
  const { token } = await apiTokens(page.request, server.baseURL, PLANNER);
  const res = await page.request.get(`${server.baseURL}/api/event-requests?page=1&pageSize=25`, { headers: { Authorization: `Bearer ${token}` } });
  const refunded = (await res.json()).eventRequests.filter((r) => r.refundedAt !== null);
  assert.equal(refunded.length, 1, 'one refunded demo request');
  assert.equal(refunded[0].refundReason, 'unopened');
  return refunded[0];
}

describe('credits that came back by themselves', () => {
  it('the planner sees the refunded request, its reason, the credit history row and the booked-weddings card', T, () =>
    journey({}, async (page) => {
      await login(page, server.baseURL, PLANNER);
      const popup = page.getByRole('dialog', { name: /nouvelles demandes/ });
      await popup.waitFor();
      await popup.getByRole('button', { name: 'Plus tard' }).click();
      await popup.waitFor({ state: 'detached' });

      // The dashboard: no booking yet, so no cost per booking.
      const card = page.getByTestId('bookings-card');
      await card.getByRole('heading', { name: 'Mariages réservés' }).waitFor();
      await card.getByTestId('bookings-cost').getByText('—').waitFor();
      assert.match(await card.getByTestId('bookings-count').innerText(), /Mariages réservés\s*0/);
      assert.match(await card.getByTestId('bookings-note').innerText(), /Aucune réservation pour l'instant/);
      await shot(page, 'refund-dashboard');

      // The list: the refunded request carries its chip, the others none.
      const request = await refundedRequest(page);
      await page.goto(`${server.baseURL}/event-requests`);
      const grid = page.getByRole('grid');
      await grid.getByTestId('refund-chip').waitFor();
      assert.equal(await grid.getByTestId('refund-chip').count(), 1);
      assert.equal(await grid.getByTestId('refund-chip').innerText(), 'Crédit rendu');
      assert.equal(await grid.getByTestId('refund-chip').getAttribute('title'), REASON);
      await shot(page, 'refund-list');

      // The request's page says when and why.
      await page.goto(`${server.baseURL}/event-requests/${request.uuid}`);
      const notice = page.getByTestId('refund-notice');
      await notice.waitFor();
      const text = await notice.innerText();
      assert.match(text, /Votre crédit vous a été rendu/);
      assert.match(text, /Rendu le \d{1,2} \S+ \d{4} : /);
      assert.ok(text.includes(REASON), text);
      await shot(page, 'refund-detail');

      // The credit history shows the refund with its reason, +1.
      await page.goto(`${server.baseURL}/credits`);
      const row = page.getByTestId('credit-log').filter({ hasText: 'Crédit rendu' });
      await row.waitFor();
      const rowText = await row.innerText();
      assert.ok(rowText.includes(`Crédit rendu : ${REASON}`), rowText);
      assert.match(rowText, /\+1/);
      await shot(page, 'refund-credits');
    }));

  it('on a phone, the refunded request is marked on its card and the notice fits', T, () =>
    journey({ width: WIDTHS.mobile }, async (page) => {
      await login(page, server.baseURL, PLANNER);
      const popup = page.getByRole('dialog', { name: /nouvelles demandes/ });
      await popup.waitFor();
      await popup.getByRole('button', { name: 'Plus tard' }).click();
      await page.goto(`${server.baseURL}/event-requests`);
      const cards = page.getByTestId('request-card');
      await cards.first().waitFor();
      const refunded = cards.filter({ has: page.getByTestId('refund-chip') });
      assert.equal(await refunded.count(), 1);
      await checkA11y(page);
      await refunded.getByRole('link').click();
      await page.getByTestId('refund-notice').waitFor();
      const box = await page.getByTestId('refund-notice').boundingBox();
      assert.ok(box && box.width <= WIDTHS.mobile, `the notice is ${box?.width} px wide`);
      await checkA11y(page);
    }));
});
