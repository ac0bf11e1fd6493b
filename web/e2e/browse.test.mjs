// Browse pages against the real binary: a couple opens the
// French home page, follows a city under "Parcourir par ville" to the page
// of the wedding planners of Lyon, narrows it to those who speak English
// and have 4 stars or more,
// and opens a profile, which links back to its city's pages. Every page
// passes axe at 390 and 1440 px, runs no script and weighs under 100 KB
// of HTML and CSS as transferred. The profile of a French planner asked
// on the British domain lands on the French one.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { journey, shot, useServer } from './harness.mjs';

const T = { timeout: 120_000 };
const PLANNER_NAME = 'Camille Durand Événements';
const PAGE_BUDGET = 100 * 1024;

const server = useServer();

/** The bytes of the documents, style sheets and scripts loaded since the last take, and the scripts. */
function weigh(page) {
  let pending = [];
  let bytes = 0;
  let scripts = 0;
  page.on('requestfinished', (request) => {
    const type = request.resourceType();
    if (type === 'script') scripts += 1;
    if (!['document', 'stylesheet', 'script'].includes(type)) return;
    pending.push(request.sizes().then((s) => (bytes += s.responseBodySize + s.responseHeadersSize)));
  });
  return {
    async take() {
      await page.waitForLoadState('load');
      await Promise.all(pending);
      const out = { bytes, scripts };
      pending = [];
      bytes = 0;
      scripts = 0;
      return out;
    },
  };
}

describe('a couple browsing the French directory by city', () => {
  it('goes from the home page to the planners of Lyon, filters by language and rating and opens a profile', T, async () => {
    const port = new URL(server.baseURL).port;
    const base = `http://fr.localhost:${port}`;
    const weights = {};
    await journey({}, async (page) => {
      const scale = weigh(page);
      await page.goto(`${base}/`);
      const browse = page.getByRole('region', { name: 'Parcourir par ville' });
      await browse.waitFor();
      weights.home = await scale.take();
      await shot(page, 'browse-home');

      await browse.getByRole('link', { name: 'Lyon' }).first().click();
      await page.waitForURL(`${base}/organisateurs-de-mariage/lyon`);
      await page.getByRole('heading', { level: 1, name: 'Wedding planners à Lyon' }).waitFor();
      weights.browse = await scale.take();
      assert.equal(
        await page.locator('link[rel=canonical]').getAttribute('href'),
        `${base}/organisateurs-de-mariage/lyon`,
      );
      assert.equal(await page.locator('link[rel=alternate][hreflang]').count(), 0);
      const crumbs = page.getByRole('navigation', { name: 'Fil d’Ariane' });
      assert.equal(await crumbs.getByRole('link', { name: 'Lyon' }).getAttribute('aria-current'), 'page');
      await page.getByRole('link', { name: PLANNER_NAME }).first().waitFor();
      await shot(page, 'browse-city');

      // Narrow to the planners who speak English and have 4 stars or more:
      // the search form beside the list keeps the city and the kind.
      const search = page.getByRole('search');
      assert.equal(await search.getByLabel('Ville ou code postal').inputValue(), 'Lyon');
      await search.getByLabel('Langue parlée').selectOption('en');
      await search.getByLabel('Note').selectOption({ label: '4 étoiles ou plus' });
      await search.getByRole('button', { name: 'Rechercher' }).click();
      await page.waitForURL(
        (url) =>
          url.pathname === '/search' &&
          url.searchParams.get('lang') === 'en' &&
          url.searchParams.get('rating') === '4' &&
          url.searchParams.get('city') === 'Lyon',
      );
      const result = page.getByRole('link', { name: PLANNER_NAME }).first();
      await result.waitFor();
      // The demo planner's three approved reviews: 5, 5 and 4.
      assert.ok((await page.getByRole('listitem').filter({ has: result }).innerText()).includes('4,7'));
      await shot(page, 'browse-search-filtered');
      weights.search = await scale.take();

      await result.click();
      await page.getByRole('heading', { level: 1, name: PLANNER_NAME }).waitFor();
      weights.profile = await scale.take();
      const more = page.getByRole('navigation', { name: 'Voir aussi dans la région' });
      await more.getByRole('link', { name: 'Wedding planners à Lyon' }).waitFor();
      assert.ok((await page.locator('meta[property="og:image"]').getAttribute('content')).startsWith('http://fr.localhost:'));
      await shot(page, 'browse-profile');
    });
    for (const [name, w] of Object.entries(weights)) {
      assert.equal(w.scripts, 0, `${name} loads scripts`);
      assert.ok(w.bytes < PAGE_BUDGET, `${name} weighs ${w.bytes} bytes`);
    }
  });

  it('is sent from another domain to the profile on its own country domain', T, async () => {
    const port = new URL(server.baseURL).port;
    await journey({}, async (page) => {
      const slug = new URL(
        await (async () => {
          await page.goto(`http://fr.localhost:${port}/organisateurs-de-mariage/lyon`);
          return page.getByRole('link', { name: PLANNER_NAME }).first().evaluate((a) => a.href);
        })(),
      ).pathname;
      const res = await page.goto(`http://uk.localhost:${port}${slug}?ref=test`);
      assert.equal(res.status(), 200);
      assert.equal(page.url(), `http://fr.localhost:${port}${slug}?ref=test`);
      assert.equal(await page.locator('html').getAttribute('lang'), 'fr');
      // Chromium resolves *.localhost; Node's own requests would not.
      const icon = await page.goto(`http://uk.localhost:${port}/favicon.ico`);
      assert.equal(icon.status(), 200);
      assert.equal(icon.headers()['content-type'], 'image/x-icon');
    });
  });
});
