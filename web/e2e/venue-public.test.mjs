// A couple finds a venue on the French directory against the real binary:
// the venue search with two feature filters, the result's key image, the
// venue's page (gallery with the key image first, features with their
// words, services, contact person) and its request form. The demo venue
// owner's published and validated venue is the one found; the draft is not.
// Every page passes axe at 390 and 1440 px and weighs under 100 KB of HTML
// and CSS as transferred (the public site has no JavaScript).
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { journey, shot, useServer } from './harness.mjs';

const T = { timeout: 120_000 };
const VENUE = 'Château de Lefèvre';
const DRAFT = 'La Grange des Tilleuls';
/** The request form's signed token is refused when the form comes back faster than this. */
const MIN_FILL_MS = 3_000;
const PAGE_BUDGET = 100 * 1024;

const server = useServer();

/** A day about ten months ahead, as the date input wants it. */
function weddingDay() {
  return new Date(Date.now() + 300 * 24 * 3600 * 1000).toISOString().slice(0, 10);
}

describe('a couple looking for a venue', () => {
  it('filters venues by features, opens the demo venue and sends it a request', T, async () => {
    const publicBase = `http://fr.localhost:${new URL(server.baseURL).port}`;
    const stamp = Date.now();
    await journey({}, async (page) => {
      let bytes = 0;
      page.on('requestfinished', async (request) => {
        if (request.resourceType() === 'document' || request.resourceType() === 'stylesheet') {
          const sizes = await request.sizes();
          bytes += sizes.responseBodySize + sizes.responseHeadersSize;
        }
      });
      await page.goto(`${publicBase}/search?kind=venue`);
      const search = page.getByRole('search');
      await search.getByLabel('Jardin').check();
      await search.getByLabel('Parking').check();
      await search.getByRole('button', { name: 'Rechercher' }).click();
      await page.waitForURL((url) => url.searchParams.getAll('feature').join() === 'garden,parking');
      const result = page.getByRole('link', { name: VENUE });
      await result.waitFor();
      assert.equal(await page.getByRole('link', { name: DRAFT }).count(), 0, 'the draft is not public');
      const thumb = page.locator('article.result img.thumb').first();
      assert.match((await thumb.getAttribute('alt')) ?? '', /façade du château/);
      assert.ok(await thumb.evaluate((img) => img.complete && img.naturalWidth > 0), 'the key image thumbnail loads');
      assert.ok(await search.getByLabel('Jardin').isChecked(), 'the filters stay checked');
      await shot(page, 'public-venue-search');

      await result.click();
      await page.waitForURL('**/v/chateau-de-lefevre');
      const opened = Date.now();
      await page.getByRole('heading', { level: 1, name: VENUE }).waitFor();
      await page.waitForLoadState('load');
      assert.ok(bytes < 2 * PAGE_BUDGET, `the search and the venue page weigh ${bytes} bytes`);
      const hero = page.locator('figure.hero img');
      assert.match((await hero.getAttribute('alt')) ?? '', /façade du château/, 'the key image comes first');
      assert.ok(await hero.evaluate((img) => img.complete && img.naturalWidth > 0), 'the key image loads');
      const features = page.locator('#features');
      for (const word of ['Jardin', 'Parking', 'Accessible en fauteuil roulant', 'Wi-Fi']) {
        await features.getByText(word, { exact: true }).waitFor();
      }
      assert.equal(await features.locator('svg.ficon').count(), await features.locator('li').count(), 'an icon per feature');
      const services = page.locator('#services');
      await services.getByText('À partir de 95 €').waitFor();
      assert.equal(await services.getByText('35 €').count(), 0, 'a hidden budget stays hidden');
      await page.locator('#contact').getByText('Sophie Lefèvre', { exact: true }).waitFor();
      await page.getByRole('link', { name: /Une journée au Château de Lefèvre/ }).waitFor();
      await shot(page, 'public-venue');

      const form = page.locator('form.project');
      await form.getByLabel("Type d'événement").selectOption({ label: 'Mariage' });
      await form.getByLabel('Date', { exact: true }).fill(weddingDay());
      await form.getByLabel("Nombre d'invités").selectOption({ label: '100 – 150 invités' });
      await form.getByLabel('Ville', { exact: true }).fill('Tours');
      await form.getByLabel('Prénom').fill('Léa');
      await form.getByLabel('Nom', { exact: true }).fill('Martin');
      await form.getByLabel('E-mail').fill(`lea-venue-${stamp}@example.com`);
      await form.getByLabel('Téléphone').fill('+33 6 11 22 33 44');
      const left = MIN_FILL_MS + 500 - (Date.now() - opened);
      if (left > 0) await page.waitForTimeout(left);
      await form.getByRole('button', { name: 'Envoyer ma demande' }).click();
      await page.waitForURL((url) => url.pathname === '/project/sent');
      assert.match(await page.locator('main').innerText(), /Votre projet a été envoyé à 1 professionnel/);
    });
  });
});
