// The portfolios of a planner: a premium planner tells a wedding
// with three photos, captions, a cover photo and a new order, publishes it
// and opens its public page; a free planner has a copied description
// refused on its field, then meets the limit of one portfolio.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { apiTokens, journey, login, pngImage, shot, useServer } from './harness.mjs';

// Generous: two cores are shared with the Go suite and the other browser files in CI.
const T = { timeout: 300_000 };

let publicBase;
const server = useServer({
  setUp: ({ baseURL }) => {
    publicBase = baseURL.replace('127.0.0.1', 'fr.localhost');
  },
});

/** Fills the form's fields of part 2 §5 (the description is the caller's). */
async function fillForm(page, { title, description, city = 'Bordeaux', style = 'Bohème chic' }) {
  await page.getByLabel(/^Titre/).fill(title);
  await page.getByLabel(/^Description/).fill(description);
  await page.getByLabel(/^Date du mariage/).fill('2025-06-21');
  await page.getByLabel(/^Nombre d'invités/).fill('110');
  const place = page.getByRole('combobox', { name: /^Lieu/ });
  await place.pressSequentially(city, { delay: 30 });
  await page.getByRole('option').filter({ hasText: new RegExp(`^${city}`) }).first().click();
  await page.getByTestId('place-located').waitFor();
  await page.getByLabel(/^Style/).fill(style);
  await page.getByLabel(/^Budget total du mariage/).fill('38000');
  await page.getByLabel(/^Vos honoraires/).fill('4200');
}

/** The portfolio as the API has it, with the planner's own token. */
async function apiPortfolio(request, token, id) {
  const response = await request.get(`${server.baseURL}/api/portfolios/${id}`, { headers: { Authorization: `Bearer ${token}` } });
  assert.equal(response.status(), 200);
  return response.json();
}

describe('portfolios', () => {
  it('a planner tells a wedding in three photos, publishes it and opens its public page', T, () =>
    journey({ stepTimeout: 20_000 }, async (page) => {
      await login(page, server.baseURL, 'premium@noces.test');
      await page.goto(`${server.baseURL}/portfolios`);
      await page.getByRole('heading', { level: 1, name: 'Portfolios' }).waitFor();
      await page.getByTestId('portfolio-card').first().waitFor();
      await page.getByTestId('portfolio-views-card').waitFor();
      await shot(page, 'portfolios-list');

      await page.getByRole('link', { name: 'Nouveau portfolio' }).click();
      await page.waitForURL(/\/portfolios\/new$/);
      const save = page.getByTestId('portfolio-save');
      assert.equal(await save.isDisabled(), true, 'save waits for a valid form');
      assert.equal(await page.getByRole('switch', { name: /Masquer les budgets/ }).or(page.getByRole('checkbox', { name: /Masquer les budgets/ })).isChecked(), true);
      await fillForm(page, {
        title: 'Claire et Malik au bord de la Garonne',
        description: 'Un mariage de juin sur les quais, une cérémonie laïque sous les platanes et un dîner de cent dix couverts dans un ancien entrepôt.',
      });
      await shot(page, 'portfolio-form');
      await save.click();
      await page.waitForURL(/\/portfolios\/[0-9a-f-]{36}$/);
      const id = page.url().split('/').pop();
      await page.getByRole('heading', { level: 1, name: 'Claire et Malik au bord de la Garonne' }).waitFor();
      assert.equal(await page.getByTestId('publish-toggle').isDisabled(), true, 'no photo, no publication');
      await page.getByText('Ajoutez au moins une photo pour le publier.').waitFor();

      // Four files at once on a slow connection (the progress bar shows): three
      // photos, and one too small that the server refuses by name.
      const cdp = await page.context().newCDPSession(page);
      await cdp.send('Network.enable');
      await cdp.send('Network.emulateNetworkConditions', { offline: false, latency: 100, downloadThroughput: 256 * 1024, uploadThroughput: 64 * 1024 });
      await page.getByTestId('photo-input').setInputFiles([
        { name: 'ceremonie.png', mimeType: 'image/png', buffer: pngImage(1200, 800) },
        { name: 'diner.png', mimeType: 'image/png', buffer: pngImage(900, 900) },
        { name: 'bal.png', mimeType: 'image/png', buffer: pngImage(800, 1100) },
        { name: 'icone.png', mimeType: 'image/png', buffer: pngImage(120, 120) },
      ]);
      await page.getByTestId('upload-progress').getByRole('progressbar', { name: 'Envoi des photos' }).waitFor();
      await page.getByTestId('upload-refusals').getByText('icone.png').waitFor({ timeout: 60_000 });
      await cdp.send('Network.emulateNetworkConditions', { offline: false, latency: 0, downloadThroughput: -1, uploadThroughput: -1 });
      await page.getByTestId('upload-refusals').getByText(/trop petite/).waitFor();
      await page.getByTestId('portfolio-photo').nth(2).waitFor();
      assert.equal(await page.getByTestId('portfolio-photo').count(), 3);

      // Captions are saved 2 s after the last keystroke.
      const captions = ['La cérémonie face au fleuve', 'Le dîner dans l’entrepôt', 'Le bal jusqu’à l’aube'];
      for (const [index, caption] of captions.entries()) {
        await page.getByLabel(`Légende de la photo ${index + 1}`).fill(caption);
      }
      for (const index of [0, 1, 2]) {
        await page.getByTestId('portfolio-photo').nth(index).getByTestId('caption-status').getByText('Enregistrée').waitFor({ timeout: 10_000 });
      }

      // The third photo becomes the cover photo.
      await page.getByRole('button', { name: 'Faire de la photo 3 la photo de couverture' }).click();
      await page.getByRole('button', { name: 'La photo 3 est la photo de couverture' }).waitFor();

      // The first photo moves one place on, with the keyboard.
      const { token } = await apiTokens(page.request, server.baseURL, 'premium@noces.test');
      const before = (await apiPortfolio(page.request, token, id)).images.map((image) => image.id);
      const ordered = page.waitForResponse((r) => r.url().endsWith(`/api/portfolios/${id}/images/order`) && r.request().method() === 'PUT');
      await page.getByRole('button', { name: 'Déplacer la photo 1' }).focus();
      await page.keyboard.press('Space');
      await page.waitForTimeout(200);
      await page.keyboard.press('ArrowRight');
      await page.waitForTimeout(200);
      await page.keyboard.press('Space');
      assert.equal((await ordered).status(), 200);
      const saved = await apiPortfolio(page.request, token, id);
      assert.deepEqual(saved.images.map((image) => image.id), [before[1], before[0], before[2]]);
      assert.deepEqual(saved.images.map((image) => image.caption), [captions[1], captions[0], captions[2]]);
      assert.deepEqual(saved.images.map((image) => image.isKeyImage), [false, false, true]);

      await page.getByTestId('publish-toggle').click();
      await page.getByTestId('publication-state').getByText('Publié').waitFor();
      const link = await page.getByTestId('public-url').textContent();
      assert.match(link, new RegExp(`/p/maison-moreau-mariages/portfolio/${id}$`));
      assert.equal(await page.getByTestId('open-public').getAttribute('href'), link);
      await page.getByTestId('upload-refusals').getByRole('button').click();
      // The publication's snackbar fades out after 6 s: axe, run at two widths,
      // would otherwise measure its half-faded text.
      await page.getByTestId('snackbar').waitFor({ state: 'detached', timeout: 15_000 });
      await shot(page, 'portfolio-view');

      await page.goto(`${publicBase}${new URL(link).pathname}`);
      await page.getByRole('heading', { level: 1, name: 'Claire et Malik au bord de la Garonne' }).waitFor();
      assert.equal(await page.locator('.pf-photos img').count(), 3);
      await page.getByText('Le bal jusqu’à l’aube').first().waitFor();
      await shot(page, 'portfolio-public');
    }));

  it('a free planner has a copied description refused, then meets the limit of one portfolio', T, () =>
    journey({ stepTimeout: 20_000, width: 390 }, async (page) => {
      await login(page, server.baseURL, 'planner@noces.test');
      await page.goto(`${server.baseURL}/portfolios`);
      await page.getByText('Montrez les mariages que vous avez organisés').waitFor();
      await shot(page, 'portfolios-empty');
      await page.getByRole('link', { name: 'Créer mon premier portfolio' }).click();
      await page.waitForURL(/\/portfolios\/new$/);

      // The description of another planner's published portfolio (the demo's Maison Moreau).
      await fillForm(page, {
        title: 'Un mariage dans les Monts d’Or',
        description: 'Un mariage de cent vingt invités dans un domaine classé, une cérémonie laïque au milieu des vignes et un dîner dans le chai.',
        city: 'Lyon',
        style: 'Champêtre',
      });
      const description = page.getByTestId('portfolio-description');
      await page.getByTestId('portfolio-save').click();
      await description.getByText('Cette description est déjà utilisée ailleurs').waitFor();
      assert.match(page.url(), /\/portfolios\/new$/);
      assert.equal(await page.getByTestId('portfolio-save').isDisabled(), true);
      await shot(page, 'portfolio-form-copied');

      await page.getByLabel(/^Description/).fill('Une fête de village revisitée au pied des Monts d’Or : guinguette, grandes tablées et feu d’artifice au-dessus de la Saône.');
      await page.getByTestId('portfolio-save').click();
      await page.waitForURL(/\/portfolios\/[0-9a-f-]{36}$/);
      await page.getByTestId('portfolio-views-teaser').waitFor();

      await page.goto(`${server.baseURL}/portfolios`);
      await page.getByTestId('portfolio-upgrade').waitFor();
      assert.equal(await page.getByRole('link', { name: 'Nouveau portfolio' }).count(), 0);
      assert.equal(await page.getByTestId('portfolio-upgrade').getByRole('link', { name: 'Passer premium' }).getAttribute('href'), '/subscription');
      await page.getByTestId('portfolio-views-teaser').waitFor();
      await shot(page, 'portfolios-free-limit');

      // The address typed by hand meets the same prompt, not a form the server would refuse.
      await page.goto(`${server.baseURL}/portfolios/new`);
      await page.getByTestId('portfolio-upgrade').waitFor();
      assert.equal(await page.getByTestId('portfolio-save').count(), 0);
    }));
});
