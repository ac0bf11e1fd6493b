// Availability on the public side, against the real binary: a
// planner marks a day booked through the API; a couple searching the
// directory for that date does not see it, and sees "Disponible le ..." on
// the others and on the profile it opens from them; the booked planner's
// page, reached with the date, says it is not available. Screens at 390
// and 1440 px, axe-checked.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { apiTokens, callApi, journey, shot, useServer } from './harness.mjs';

const T = { timeout: 60_000 };
const BOOKED = 'Camille Durand Événements';

const server = useServer();

/** A wedding date about seven months ahead (YYYY-MM-DD) and how the French pages write it. */
function weddingDate() {
  const d = new Date();
  d.setUTCDate(d.getUTCDate() + 200);
  const iso = d.toISOString().slice(0, 10);
  const long = new Intl.DateTimeFormat('fr-FR', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' }).format(d);
  return { iso, long };
}

describe('a couple searching with a wedding date', () => {
  it('does not see the planner booked that day, and sees the others available', T, async () => {
    const port = new URL(server.baseURL).port;
    const base = `http://fr.localhost:${port}`;
    const date = weddingDate();
    await journey({ stepTimeout: 15_000 }, async (page) => {
      const { token } = await apiTokens(page.request, server.baseURL, 'planner@noces.test');
      const marked = await callApi(server.baseURL, 'PUT', `/api/availability/${date.iso}`, { token, body: { status: 'booked' } });
      assert.equal(marked.status, 200, JSON.stringify(marked.body));

      // Without a date the booked planner is listed.
      await page.goto(`${base}/search?kind=planner`);
      await page.getByRole('link', { name: BOOKED }).waitFor();

      const search = page.getByRole('search');
      await search.getByLabel('Date du mariage').fill(date.iso);
      await search.getByRole('button', { name: 'Rechercher' }).click();
      await page.waitForURL((url) => url.pathname === '/search' && url.searchParams.get('date') === date.iso);
      const available = `Disponible le ${date.long}`;
      const results = page.getByRole('region', { name: 'Résultats' });
      await results.getByText(available).first().waitFor();
      assert.equal(await page.getByRole('link', { name: BOOKED }).count(), 0, 'the booked planner is listed');
      const cards = await results.getByRole('article').count();
      assert.ok(cards > 0, 'no result at all');
      assert.equal(await results.getByText(available).count(), cards, 'a card does not say it is available');
      assert.equal(await search.getByLabel('Date du mariage').inputValue(), date.iso);
      await shot(page, 'availability-search');

      // A result's page keeps the date: it says so and fills the form's date.
      await results.getByRole('article').first().getByRole('link').first().click();
      await page.waitForURL((url) => url.pathname.startsWith('/p/') && url.searchParams.get('date') === date.iso);
      await page.getByText(available).waitFor();
      assert.equal(await page.locator('#f-eventDate').inputValue(), date.iso);
      await shot(page, 'availability-profile');

      // The booked planner's own page, reached with the date, says it is not available.
      await page.goto(`${base}/p/camille-durand-evenements?date=${date.iso}`);
      await page.getByText(`Non disponible le ${date.long}`).waitFor();
      assert.equal(
        await page.getByRole('link', { name: 'Voir qui est libre ce jour-là' }).getAttribute('href'),
        `/search?date=${date.iso}&kind=planner`,
      );
      assert.equal(await page.locator('#f-eventDate').inputValue(), '');
      await shot(page, 'availability-profile-booked');
    });
  });
});
