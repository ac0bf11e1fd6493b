// The public directory against the real binary, as a couple sees it on
// fr.localhost (the same binary serves it by host name; Chromium resolves
// *.localhost to the loopback): search, a moderated planner's page, the
// request form and its confirmation. The planner then finds the request in
// the back-office. Every public page passes axe at 390 and 1440 px and
// weighs under 100 KB of HTML, CSS and JavaScript as transferred.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { journey, login, shot, useServer, waitForOutbox } from './harness.mjs';

const T = { timeout: 120_000 };
const PLANNER = 'planner@noces.test';
const PLANNER_NAME = 'Camille Durand Événements';
/** The request form's signed token is refused when the form comes back faster than this. */
const MIN_FILL_MS = 3_000;
const PAGE_BUDGET = 100 * 1024;

const server = useServer();

/**
 * Counts the bytes a page's HTML, CSS and JavaScript took on the wire
 * (encoded body and headers, as Chromium reports them); images, fonts and
 * anything else are left out.
 */
function weigh(page) {
  let pending = [];
  let bytes = 0;
  const files = [];
  page.on('requestfinished', (request) => {
    if (!['document', 'stylesheet', 'script'].includes(request.resourceType())) return;
    pending.push(
      request.sizes().then((sizes) => {
        bytes += sizes.responseBodySize + sizes.responseHeadersSize;
        files.push(request.url());
      }),
    );
  });
  return {
    /** The weight since the last call, once every counted request has been read. */
    async take() {
      await page.waitForLoadState('load');
      await Promise.all(pending);
      const out = { bytes, files: [...files] };
      pending = [];
      bytes = 0;
      files.length = 0;
      return out;
    },
  };
}

/** A day about ten months ahead, as the date input wants it. */
function weddingDay() {
  const day = new Date(Date.now() + 300 * 24 * 3600 * 1000);
  return day.toISOString().slice(0, 10);
}

describe('a couple on the French directory', () => {
  it('finds a moderated planner, sends a request, and the planner sees it as new', T, async () => {
    const publicBase = `http://fr.localhost:${new URL(server.baseURL).port}`;
    const stamp = Date.now();
    const date = weddingDay();
    const message = `Mariage champêtre près de Lyon, demande ${stamp}.`;
    const weights = {};
    await journey({}, async (page) => {
      const scale = weigh(page);
      // Home: the search form.
      await page.goto(`${publicBase}/`);
      await page.getByRole('heading', { level: 1 }).waitFor();
      weights.home = await scale.take();
      assert.equal(await page.locator('html').getAttribute('lang'), 'fr');
      await shot(page, 'public-home');

      const search = page.getByRole('search');
      await search.getByLabel('Ville ou code postal').fill('Lyon');
      await search.getByLabel('Prestation').selectOption({ label: 'Organisation complète' });
      await search.getByRole('button', { name: 'Rechercher' }).click();
      await page.waitForURL((url) => url.pathname === '/search' && url.searchParams.get('city') === 'Lyon');
      const result = page.getByRole('link', { name: PLANNER_NAME }).first();
      await result.waitFor();
      weights.search = await scale.take();
      await shot(page, 'public-search');

      // The planner's page, with its request form.
      await result.click();
      await page.waitForURL('**/p/camille-durand-evenements');
      const opened = Date.now();
      await page.getByRole('heading', { level: 1, name: PLANNER_NAME }).waitFor();
      weights.profile = await scale.take();
      await shot(page, 'public-provider');

      const form = page.locator('form.project');
      await form.getByLabel("Type d'événement").selectOption({ label: 'Mariage' });
      await form.getByLabel('Date', { exact: true }).fill(date);
      await form.getByLabel('Que cherchez-vous ?').selectOption({ label: 'Organisation complète' });
      await form.getByLabel("Nombre d'invités").selectOption({ label: '100 – 150 invités' });
      await form.getByLabel('Budget global').selectOption({ label: '20 000 – 35 000 €' });
      await form.getByLabel('Ville', { exact: true }).fill('Lyon');
      await form.getByLabel('Code postal (facultatif)').fill('69002');
      await form.getByLabel('Français').check();
      await form.getByLabel('Votre message (facultatif)').fill(message);
      await form.getByLabel('Prénom').fill('Léa');
      await form.getByLabel('Nom', { exact: true }).fill('Martin');
      await form.getByLabel('E-mail').fill(`lea-${stamp}@example.com`);
      await form.getByLabel('Téléphone').fill('+33 6 11 22 33 44');
      // People take more than three seconds to fill a form; robots do not, and are refused.
      const left = MIN_FILL_MS + 500 - (Date.now() - opened);
      if (left > 0) await page.waitForTimeout(left);
      await form.getByRole('button', { name: 'Envoyer ma demande' }).click();
      await page.waitForURL((url) => url.pathname === '/project/sent');
      await page.getByRole('heading', { level: 1 }).waitFor();
      assert.match(await page.locator('main').innerText(), /Vérifiez votre boîte e-mail pour confirmer/);
      weights.sent = await scale.take();
      await shot(page, 'public-request-sent');
      // The couple confirms by the e-mailed link: only then does the planner get it,
      // so that no one pays for a request from an address that was never real.
      const mail = await waitForOutbox(page.request, server.baseURL, `lea-${stamp}@example.com`, (m) => /\/confirm\//.test(m.text ?? ''));
      await page.goto(`${publicBase}${new URL(mail.text.match(/https?:\/\/\S+\/confirm\/[A-Za-z0-9_-]+/)[0]).pathname}`);
      await page.getByRole('button', { name: 'Confirmer et envoyer mon projet' }).click();
      await page.getByRole('heading', { level: 1, name: 'Votre projet est confirmé' }).waitFor();
      assert.match(await page.locator('main').innerText(), /Il a été envoyé à 1 professionnel\./);
    });

    for (const [name, weight] of Object.entries(weights)) {
      console.log(`public ${name}: ${weight.bytes} bytes of HTML, CSS and JS (${weight.files.length} files)`);
      assert.ok(weight.bytes > 0, `${name} was weighed`);
      assert.ok(weight.bytes < PAGE_BUDGET, `${name} weighs ${weight.bytes} bytes: ${weight.files.join(', ')}`);
    }

    // The planner signs in to the back-office: the request is there, new and locked.
    await journey({}, async (pro) => {
      await login(pro, server.baseURL, PLANNER);
      const list = await pro.evaluate(async () => {
        const response = await fetch('/api/event-requests?sortField=createdAt&sortDirection=desc', {
          headers: { Authorization: `Bearer ${window.localStorage.getItem('token')}` },
        });
        return { status: response.status, body: await response.json() };
      });
      assert.equal(list.status, 200);
      const newest = list.body.eventRequests[0];
      assert.equal(newest.project.eventDate, date);
      assert.equal(newest.project.eventLocationCity, 'Lyon');
      assert.equal(newest.isSeen, false);
      assert.equal(newest.isUnlocked, false);
      // New requests are the unseen ones; unreadMessages counts the couples'
      // messages, and no couple has written to this planner.
      assert.equal(list.body.eventRequests.filter((request) => !request.isSeen).length, 5, 'the four demo requests and this one');
      assert.equal(list.body.unreadMessages, 0);

      const popup = pro.getByRole('dialog', { name: 'Vous avez 5 nouvelles demandes' });
      await popup.waitFor();
      await popup.getByRole('button', { name: 'Plus tard' }).click();
      await pro.getByRole('navigation', { name: 'Menu principal' }).getByRole('link', { name: 'Demandes' }).click();
      const grid = pro.getByRole('grid', { name: "Vos demandes d'événement" });
      await grid.waitFor();
      assert.equal(await grid.getByTestId('unseen-dot').count(), 5);
    });
  });
});

describe('a couple filtering the French directory', () => {
  it('keeps the planners by language and rating, and each card tells what a couple compares', T, async () => {
    const publicBase = `http://fr.localhost:${new URL(server.baseURL).port}`;
    await journey({ width: 390 }, async (page) => {
      await page.goto(`${publicBase}/search?kind=planner`);
      const search = page.getByRole('search');
      await search.getByLabel('Langue parlée').selectOption({ label: 'Italien' });
      await search.getByLabel('Note').selectOption({ label: '4 étoiles ou plus' });
      await search.getByRole('button', { name: 'Rechercher' }).click();
      await page.waitForURL((url) => url.searchParams.get('lang') === 'it' && url.searchParams.get('rating') === '4');
      const cards = page.locator('article.result');
      assert.equal(await cards.count(), 1, 'only Atelier Sauge speaks Italian with 4 stars or more');
      const card = cards.first();
      await card.getByRole('link', { name: 'Atelier Sauge' }).waitFor();
      const text = await card.innerText();
      assert.match(text, /Annecy/);
      assert.match(text, /4,3\s+\(4\)/, 'the average and the count');
      assert.match(text, /À partir de 400\s€/, 'the lowest price shown');
      assert.match(text, /Langues\s:\sAllemand, Anglais, Français, Italien/);
      assert.equal(await card.locator('.visually-hidden').first().textContent(), '4,3 sur 5, 4 avis');
      const services = card.getByRole('list', { name: 'Prestations' }).getByRole('listitem');
      assert.equal(await services.count(), 4, 'three services, then +1');
      assert.match(await services.last().innerText(), /^\+1/);
      const photo = card.locator('img.photo');
      assert.ok(await photo.getAttribute('srcset'), 'a srcset of the thumbnail and the large file');
      assert.ok(Number(await photo.getAttribute('width')) > 0 && Number(await photo.getAttribute('height')) > 0);
      // On a phone the card is a row: the photo beside the text.
      const [img, title] = await Promise.all([photo.boundingBox(), card.locator('h3').boundingBox()]);
      assert.ok(img.x + img.width <= title.x, 'the photo is left of the name on a phone');
      await shot(page, 'public-search-filtered');

      // The best rated, 4.5 and more, in every language: placeholders for those without a photo.
      await page.goto(`${publicBase}/search?kind=planner&rating=4.5`);
      const names = await page.locator('article.result h3').allInnerTexts();
      assert.deepEqual(names.toSorted(), ['Camille Durand Événements', 'Lumière & Lin', 'Maison Moreau Mariages']);
      assert.equal(await page.locator('#s-rating').inputValue(), '4.5');
      const lin = page.locator('article.result', { hasText: 'Lumière & Lin' });
      assert.equal(await lin.locator('.placeholder').count(), 1, 'a designed placeholder without a photo');
      assert.doesNotMatch(await lin.innerText(), /À partir de/, 'its only price is hidden');
      await page.setViewportSize({ width: 1440, height: 900 });
      const first = page.locator('article.result').first();
      const [top, name] = await Promise.all([first.locator('.photo').boundingBox(), first.locator('h3').boundingBox()]);
      assert.ok(top.y + top.height <= name.y, 'the photo is above the name on a desktop');
      await shot(page, 'public-search-rated');
    });
  });
});
