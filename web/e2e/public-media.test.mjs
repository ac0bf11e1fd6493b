// The public pages' media: a premium planner fills photos, videos, a
// portfolio, a portrait and social links through the API, then a couple
// browses the planner's public page, a photo, the portfolio and a video.
// Every page passes axe at both widths and runs no script of its own.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { apiTokens, checkA11y, newPage, pngImage, shot, useServer } from './harness.mjs';

const T = { timeout: 90_000 };

let publicBase;
const server = useServer({
  setUp: ({ baseURL }) => {
    publicBase = baseURL.replace('127.0.0.1', 'fr.localhost');
  },
});

/** Fills the premium demo planner's media through the API. */
async function fillMedia(request) {
  const { token } = await apiTokens(request, server.baseURL, 'premium@noces.test');
  const auth = { Authorization: `Bearer ${token}` };
  const api = async (method, path, options = {}) => {
    const response = await request.fetch(`${server.baseURL}${path}`, { method, headers: auth, ...options });
    assert.ok(response.ok(), `${method} ${path}: ${response.status()} ${await response.text()}`);
    return response.status() === 204 ? null : response.json();
  };
  const photos = [
    ['Cérémonie au jardin', 1400, 933],
    ['Le bouquet de pivoines', 800, 1200],
    ['Dîner sous les platanes', 1200, 800],
    ['La pièce montée', 900, 900],
  ];
  for (const [title, w, h] of photos) {
    await api('POST', '/api/images/upload', {
      multipart: {
        image: { name: 'photo.png', mimeType: 'image/png', buffer: pngImage(w, h) },
        title,
        description: `${title} : un moment du mariage de Léa et Hugo, à Saint-Émilion.`,
      },
    });
  }
  await api('POST', '/api/videos', {
    data: { title: 'Le film du mariage', description: 'Trois minutes de la journée de Léa et Hugo.', link: 'https://youtu.be/dQw4w9WgXcQ' },
  });
  await api('POST', '/api/videos', { data: { title: 'Teaser de la soirée', link: 'https://vimeo.com/76979871' } });
  await api('POST', '/api/portrait-experiences', {
    data: {
      portrait: '<p>Je suis <strong>Julien</strong>, wedding planner à Bordeaux depuis dix ans.</p>',
      experience: '<p>Plus de 120 mariages organisés, des châteaux du Médoc aux plages du bassin d’Arcachon.</p>',
      service: '<ul><li><p>Un premier rendez-vous offert</p></li><li><p>Un rétroplanning partagé</p></li></ul>',
      benefits: '<p>Un réseau de prestataires <strong>choisis un à un</strong>.</p>',
    },
  });
  await api('POST', '/api/social-networks', {
    data: { snInstagram: 'instagram.com/maison_moreau', snPinterest: 'pinterest.fr/maisonmoreau', snFacebook: '', snTwitter: '', snTikTok: '', snLinkedIn: '' },
  });
  const portfolio = await api('POST', '/api/portfolios', {
    data: {
      title: 'Léa et Hugo à Saint-Émilion',
      description: 'Un mariage de septembre dans les vignes, pour 140 invités.\n\nCérémonie laïque au coucher du soleil, dîner sous les platanes et bal jusqu’à l’aube.',
      weddingDate: '2025-09-13', totalBudget: 48000, plannerBudget: 5200, numberOfGuests: 140,
      location: 'Château Les Vignes', city: 'Saint-Émilion', postalCode: '33330', countryCode: 'FR',
      style: 'Bohème chic', isBudgetHidden: false, prestations: [4, 9],
    },
  });
  await api('POST', `/api/portfolios/${portfolio.id}/images`, {
    multipart: { 'images[]': { name: 'vignes.png', mimeType: 'image/png', buffer: pngImage(1200, 800) } },
  });
  await api('POST', `/api/portfolios/${portfolio.id}/images`, {
    multipart: { 'images[]': { name: 'table.png', mimeType: 'image/png', buffer: pngImage(800, 1000) } },
  });
  await api('POST', `/api/portfolios/${portfolio.id}/publish`);
}

let page;
let scripts = [];

/** Runs on the suite's one page, listing the scripts it asks for. */
async function visit(fn) {
  scripts = [];
  await fn(page, scripts);
}

describe('public media', () => {
  before(async () => {
    page = await newPage(server.browser);
    await fillMedia(page.request);
    page.on('request', (request) => {
      if (request.resourceType() === 'script') scripts.push(request.url());
    });
    // The video players are the third parties: a stand-in answers for them.
    await page.route(/youtube-nocookie\.com|player\.vimeo\.com/, (route) =>
      route.fulfill({ contentType: 'text/html', body: '<!doctype html><html lang="en"><title>Player</title><body>player</body></html>' }),
    );
  });

  after(async () => {
    await page?.context().close();
  });

  it('the planner page shows photos, portfolio, videos, portrait and links, without scripts', T, () =>
    visit(async (page, scripts) => {
      const response = await page.goto(`${publicBase}/p/maison-moreau-mariages`);
      assert.equal(response.status(), 200);
      assert.ok((await response.body()).length < 100_000);
      await page.getByRole('heading', { name: 'Photos' }).waitFor();
      // The demo's six drawn photos, then the four uploaded here.
      assert.equal(await page.locator('.gallery img').count(), 10);
      assert.equal(await page.locator('.gallery img[loading="lazy"][alt="Le bouquet de pivoines"]').count(), 1);
      await page.getByRole('link', { name: 'Léa et Hugo à Saint-Émilion' }).waitFor();
      await page.getByRole('link', { name: /Le film du mariage/ }).waitFor();
      await page.getByRole('link', { name: 'Instagram' }).waitFor();
      assert.equal(await page.locator('iframe').count(), 0);
      await shot(page, 'public-provider-media');
      assert.deepEqual(scripts, []);
    }));

  it('a photo opens on its own page with previous and next', T, () =>
    visit(async (page, scripts) => {
      await page.goto(`${publicBase}/p/maison-moreau-mariages`);
      await page.locator('.gallery a').nth(1).click();
      await page.getByRole('heading', { level: 1 }).waitFor();
      assert.match(page.url(), /\/p\/maison-moreau-mariages\/photos\//);
      await page.getByRole('link', { name: /Photo suivante/ }).waitFor();
      await page.getByRole('link', { name: /Photo précédente/ }).waitFor();
      await checkA11y(page);
      await shot(page, 'public-photo', { a11y: false });
      assert.deepEqual(scripts, []);
    }));

  it('the portfolio page tells the wedding with its photos', T, () =>
    visit(async (page, scripts) => {
      await page.goto(`${publicBase}/p/maison-moreau-mariages`);
      await page.getByRole('link', { name: 'Léa et Hugo à Saint-Émilion' }).click();
      await page.getByRole('heading', { level: 1, name: 'Léa et Hugo à Saint-Émilion' }).waitFor();
      await page.getByText('Bohème chic').waitFor();
      assert.equal(await page.locator('.pf-photos img').count(), 2);
      await checkA11y(page);
      await shot(page, 'public-portfolio', { a11y: false });
      assert.deepEqual(scripts, []);
    }));

  it('a video plays in the privacy-enhanced player on its own page only', T, () =>
    visit(async (page) => {
      await page.goto(`${publicBase}/p/maison-moreau-mariages`);
      await page.getByRole('link', { name: /Le film du mariage/ }).click();
      const frame = page.locator('iframe[title="Le film du mariage"]');
      await frame.waitFor();
      assert.equal(await frame.getAttribute('src'), 'https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ');
      await page.getByRole('link', { name: 'Regarder sur YouTube' }).waitFor();
      await checkA11y(page);
    }));
});
