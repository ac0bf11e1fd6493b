// Reviews couples and professionals trust, against the real binary
// with the demo data: Atelier Sauge (sauge@noces.test) has a request it
// marked as booked, whose couple was invited 7 days after the wedding and
// wrote the newest of its four reviews: a verified booking. The planner sees
// the request's booking state, replies to that review in the back-office,
// and the public page shows the "Verified booking" mark, the reply under the
// review, and the reviews in its JSON-LD. Screenshots at 390 and 1440 px, axe.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { apiTokens, journey as harnessJourney, login, shot, useServer } from './harness.mjs';

const T = { timeout: 120_000 };
const PLANNER = 'sauge@noces.test';
const REPLY = 'Merci Julie et Marc ! Ce fut un bonheur de coordonner votre journée au bord du lac.';

const server = useServer();
const journey = (options, fn) => harnessJourney({ stepTimeout: 15_000, ...options }, fn);

describe('verified reviews', () => {
  it('the planner replies to a verified review; the public page shows the mark, the reply and the JSON-LD', T, () =>
    journey({}, async (page) => {
      // The booked request: marked by the planner, the couple invited, so no undo.
      const { token } = await apiTokens(page.request, server.baseURL, PLANNER);
      const list = await (await page.request.get(`${server.baseURL}/api/event-requests?page=1&pageSize=25`, { headers: { Authorization: `Bearer ${token}` } })).json();
      assert.equal(list.eventRequests.length, 1);
      await login(page, server.baseURL, PLANNER);
      await page.goto(`${server.baseURL}/event-requests/${list.eventRequests[0].uuid}`);
      const booking = page.getByTestId('booking-card');
      await booking.getByRole('heading', { name: 'Réservé avec vous' }).waitFor();
      assert.match(await booking.innerText(), /Invitation à laisser un avis envoyée le \d{1,2} \S+ \d{4}/);
      assert.equal(await booking.getByRole('button').count(), 0);
      await shot(page, 'verified-booking');

      // The reviews: the verified one carries its mark; the planner replies.
      await page.goto(`${server.baseURL}/reviews`);
      const verified = page.getByTestId('review').filter({ has: page.getByTestId('review-verified') });
      await verified.waitFor();
      assert.equal(await page.getByTestId('review-verified').count(), 1);
      assert.match(await verified.innerText(), /Une coordination sans fausse note/);
      await verified.getByRole('button', { name: 'Répondre' }).click();
      await verified.getByLabel('Votre réponse').fill(REPLY);
      await shot(page, 'verified-reply-form');
      await verified.getByRole('button', { name: 'Publier la réponse' }).click();
      await page.getByText('Réponse publiée').waitFor();
      await verified.getByTestId('review-reply').getByText(REPLY).waitFor();
      await shot(page, 'verified-reply-saved');

      // The public page, as a couple sees it.
      await page.goto(`http://fr.localhost:${new URL(server.baseURL).port}/p/atelier-sauge`);
      const review = page.locator('article.review').filter({ hasText: 'Une coordination sans fausse note' });
      assert.equal((await review.locator('.verified').innerText()).trim(), '✓ Réservation vérifiée');
      assert.equal(await page.locator('article.review .verified').count(), 1);
      assert.match(await review.locator('.reply').innerText(), /Réponse de Atelier Sauge\s+Merci Julie et Marc/);
      const ld = JSON.parse(await page.locator('script[type="application/ld+json"]').first().textContent());
      assert.equal(ld.aggregateRating.reviewCount, 4);
      assert.equal(ld.aggregateRating.ratingValue, 4.3);
      assert.equal(ld.review.length, 4);
      assert.deepEqual(ld.review[0].author, { '@type': 'Person', name: 'Julie' });
      await shot(page, 'verified-public');
    }));
});
