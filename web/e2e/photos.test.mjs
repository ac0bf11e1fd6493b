// /images against the real binary: the demo free planner (moderated, public
// page) fills the gallery up to the free quota through the UI on a throttled
// connection (a progress bar per file), meets the upgrade prompt, reorders
// with the keyboard, edits, hides and deletes a photo, and crops a profile
// picture that the side menu and the public page then show. Runs against
// its own server: it changes a demo account.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { apiTokens, journey, login, pngImage, shot, useServer } from './harness.mjs';

const T = { timeout: 180_000 };
const EMAIL = 'planner@noces.test';
const SLUG = 'camille-durand-evenements';

let publicBase;
const server = useServer({
  setUp: ({ baseURL }) => {
    publicBase = baseURL.replace('127.0.0.1', 'fr.localhost');
  },
});

const snackbar = (page) => page.getByTestId('snackbar');

/** The planner's gallery as the API gives it. */
async function gallery(request) {
  const { token } = await apiTokens(request, server.baseURL, EMAIL);
  const response = await request.get(`${server.baseURL}/api/images`, { headers: { Authorization: `Bearer ${token}` } });
  assert.ok(response.ok());
  return response.json();
}

/** The titles of the photos on the public page, in their order. */
async function publicTitles(page) {
  const response = await page.goto(`${publicBase}/p/${SLUG}`);
  assert.equal(response.status(), 200);
  return page.locator('.gallery img').evaluateAll((images) => images.map((img) => img.getAttribute('alt')));
}

/** Frames and describes the file shown in the step dialog, then presses `send`. */
async function describeAndSend(page, title, send) {
  const step = page.getByTestId('photo-step');
  await step.waitFor();
  // The crop area reports its frame once the image is laid out: Send waits for it.
  await step.getByRole('button', { name: send, exact: true }).and(page.locator(':not([disabled])')).waitFor();
  await step.getByLabel('Titre').fill(title);
  await step.getByLabel('Description').fill(`${title} : un moment du mariage de Chloé et Malik, près de Lyon.`);
  await step.getByRole('button', { name: send, exact: true }).click();
}

describe('the photos page', () => {
  it('fills the gallery up to the free quota with a progress bar per file, then offers Premium', T, () =>
    journey({ stepTimeout: 30_000 }, async (page) => {
      // The demo planner has 4 photos; 4 more through the API leave room for 2.
      const { token } = await apiTokens(page.request, server.baseURL, EMAIL);
      for (const title of ['Mise en place', 'Les alliances', 'Lâcher de ballons', 'Feu d’artifice']) {
        const response = await page.request.post(`${server.baseURL}/api/images/upload`, {
          headers: { Authorization: `Bearer ${token}` },
          multipart: {
            image: { name: 'photo.png', mimeType: 'image/png', buffer: pngImage(900, 700) },
            title,
            description: `${title} : un souvenir de la saison dernière.`,
          },
        });
        assert.equal(response.status(), 201, await response.text());
      }

      await login(page, server.baseURL, EMAIL);
      await page.goto(`${server.baseURL}/images`);
      await page.getByRole('heading', { level: 1, name: 'Photos' }).waitFor();
      const galleryCard = page.getByRole('region', { name: 'Galerie' });
      await galleryCard.getByText('8 photos sur 10 avec l\'offre gratuite').first().waitFor();
      assert.equal(await page.getByTestId('gallery-photo').count(), 8);
      await page.getByTestId('views-teaser').waitFor();
      await shot(page, 'photos');

      // A slow uplink, so each file's progress can be seen.
      const cdp = await page.context().newCDPSession(page);
      await cdp.send('Network.enable');
      await cdp.send('Network.emulateNetworkConditions', { offline: false, latency: 50, downloadThroughput: 4 * 1024 * 1024, uploadThroughput: 48 * 1024 });

      // Three files at once: the small one is refused before any crop step.
      await page.getByTestId('gallery-input').setInputFiles([
        { name: 'minuscule.png', mimeType: 'image/png', buffer: pngImage(300, 300) },
        { name: 'ceremonie.png', mimeType: 'image/png', buffer: pngImage(2400, 1600) },
        { name: 'bouquet.png', mimeType: 'image/png', buffer: pngImage(1600, 2000) },
      ]);
      await page.getByRole('dialog', { name: 'Photo 1 sur 2 : ceremonie.png' }).waitFor();
      await page.locator('[data-testid="upload-item"][data-state="failed"]').getByText('minuscule.png').waitFor();
      await page.getByTestId('upload-error').getByText('au moins 360 × 360 pixels').waitFor();
      await shot(page, 'photos-crop-step');
      const uploads = [];
      page.on('response', (r) => {
        if (r.url().endsWith('/api/images/upload')) uploads.push(r.status());
      });
      await describeAndSend(page, 'Cérémonie au bord de la Saône', 'Envoyer et passer à la suivante');
      await page.getByRole('dialog', { name: 'Photo 2 sur 2 : bouquet.png' }).waitFor();

      // The first file is on its way while the second one is framed.
      const sending = page.locator('[data-testid="upload-item"][data-state="sending"]');
      await sending.first().waitFor();
      // Behind the dialog (aria-hidden meanwhile): found by its test id, named for its file.
      const bar = sending.first().getByTestId('upload-progress');
      await bar.waitFor();
      assert.equal(await bar.getAttribute('aria-label'), 'Envoi de ceremonie.jpg');
      await page.waitForFunction(() => {
        const bar = document.querySelector('[data-testid="upload-item"][data-state="sending"] [role="progressbar"]');
        const value = Number(bar?.getAttribute('aria-valuenow'));
        return value > 0 && value < 100;
      });
      await describeAndSend(page, 'Bouquet de pivoines', 'Envoyer');
      await page.getByTestId('photo-step').waitFor({ state: 'detached' });
      await sending.first().waitFor();
      await page.screenshot({ path: 'e2e/screenshots/photos-uploading-1440.png', fullPage: true });

      // The progress is seen: the rest of the upload goes at full speed, so
      // that a busy machine's slow image processing is not added to 48 KiB/s.
      await cdp.send('Network.emulateNetworkConditions', { offline: false, latency: 0, downloadThroughput: -1, uploadThroughput: -1 });
      await page.locator('[data-testid="upload-item"][data-state="done"]').nth(1).waitFor({ timeout: 60_000 });
      assert.deepEqual(uploads, [201, 201]);

      // At the quota: no add button, the quota and a way to Premium.
      const reached = page.getByTestId('quota-reached');
      await reached.getByText('Vous avez utilisé les 10 photos de l\'offre gratuite').waitFor();
      assert.equal(await reached.getByRole('link', { name: 'Passer à Premium' }).getAttribute('href'), '/subscription');
      assert.equal(await page.getByRole('button', { name: 'Ajouter des photos' }).count(), 0);
      assert.equal(await page.getByTestId('gallery-photo').count(), 10);
      await shot(page, 'photos-quota');

      const after = await gallery(page.request);
      // The two files travel at once, each placed last when it arrives: which one lands first depends on the network.
      assert.deepEqual(after.images.slice(-2).map((im) => im.title).sort(), ['Bouquet de pivoines', 'Cérémonie au bord de la Saône'], 'new photos go last');
      assert.equal(after.canAddMore, false);
    }));

  it('reorders with the keyboard, edits, hides and deletes a photo; the public page follows', T, () =>
    journey({ stepTimeout: 30_000 }, async (page) => {
      const before = await gallery(page.request);
      const [first, second] = before.images;
      await login(page, server.baseURL, EMAIL);
      await page.goto(`${server.baseURL}/images`);
      const cards = page.getByTestId('gallery-photo');
      await cards.first().waitFor();

      // Space picks the first photo up, the right arrow moves it one place, Space drops it.
      const saved = page.waitForResponse((r) => r.url().endsWith('/api/images/order') && r.request().method() === 'PUT');
      const handle = cards.first().getByRole('button', { name: `Déplacer ${first.title}, photo 1` });
      await handle.focus();
      await page.keyboard.press('Space');
      await page.waitForTimeout(150);
      await page.keyboard.press('ArrowRight');
      await page.waitForTimeout(150);
      await page.keyboard.press('Space');
      assert.equal((await saved).status(), 200);
      await cards.nth(1).getByRole('img', { name: first.title }).waitFor();
      const reordered = await gallery(page.request);
      assert.deepEqual(reordered.images.slice(0, 2).map((im) => im.id), [second.id, first.id]);
      assert.deepEqual((await publicTitles(page)).slice(0, 2), [second.title, first.title], 'the public page shows the new order');

      await page.goto(`${server.baseURL}/images`);
      await cards.first().waitFor();
      // Edit the first one's texts; a too short title is refused first.
      await cards.first().getByRole('button', { name: `Modifier ${second.title}` }).click();
      const edit = page.getByRole('dialog', { name: 'Modifier la photo' });
      await edit.getByLabel('Titre').fill('Ab');
      await edit.getByRole('button', { name: 'Enregistrer' }).click();
      await edit.getByText('Le titre doit comporter de 3 à 100 caractères').waitFor();
      await shot(page, 'photos-edit');
      await edit.getByLabel('Titre').fill('Arche fleurie au bord de l’eau');
      await edit.getByRole('button', { name: 'Enregistrer' }).click();
      await snackbar(page).getByText('La photo a été mise à jour').waitFor();
      await cards.first().getByRole('heading', { name: 'Arche fleurie au bord de l’eau' }).waitFor();

      // Hide it: gone from the public page, still in the gallery.
      await cards.first().getByLabel('Visible').click();
      await snackbar(page).getByText('La photo est masquée sur votre page publique').waitFor();
      await cards.first().getByText('Masquée').waitFor();
      const shown = await publicTitles(page);
      assert.ok(!shown.includes('Arche fleurie au bord de l’eau'), 'a hidden photo is not public');
      assert.equal(shown[0], first.title);

      // Delete the last one after confirming: the add button comes back.
      await page.goto(`${server.baseURL}/images`);
      await cards.first().waitFor();
      const last = cards.last();
      const lastTitle = await last.getByRole('heading').innerText();
      await last.getByRole('button', { name: `Supprimer ${lastTitle}` }).click();
      const confirm = page.getByRole('dialog', { name: 'Supprimer cette photo ?' });
      await confirm.getByText(`« ${lastTitle} »`, { exact: false }).waitFor();
      await shot(page, 'photos-delete');
      await confirm.getByRole('button', { name: 'Supprimer la photo' }).click();
      await snackbar(page).getByText('La photo a été supprimée').waitFor();
      await page.getByRole('button', { name: 'Ajouter des photos' }).waitFor();
      assert.equal(await cards.count(), 9);
      assert.equal((await gallery(page.request)).imageCount, 9);
    }));

  it('crops a profile picture that the side menu and the public page show', T, () =>
    journey({ stepTimeout: 30_000 }, async (page) => {
      await login(page, server.baseURL, EMAIL);
      await page.goto(`${server.baseURL}/images`);
      const card = page.getByRole('region', { name: 'Photo de profil' });
      const input = page.getByTestId('picture-input');
      await input.setInputFiles({ name: 'petite.png', mimeType: 'image/png', buffer: pngImage(200, 200) });
      await card.getByTestId('picture-error').getByText('au moins 360 × 360 pixels').waitFor();

      await input.setInputFiles({ name: 'portrait.png', mimeType: 'image/png', buffer: pngImage(1200, 800) });
      const dialog = page.getByRole('dialog', { name: 'Cadrez votre photo de profil' });
      await dialog.getByRole('slider', { name: 'Zoom' }).waitFor();
      await shot(page, 'photos-picture-crop');
      const uploaded = page.waitForResponse((r) => r.url().endsWith('/api/images/upload-profile-image'));
      await dialog.getByRole('button', { name: 'Enregistrer la photo' }).and(page.locator(':not([disabled])')).click();
      assert.equal((await uploaded).status(), 200);
      await snackbar(page).getByText('Votre photo de profil a été mise à jour').waitFor();
      const image = card.getByRole('img', { name: 'Votre photo de profil' });
      await image.waitFor();
      assert.match(await image.getAttribute('src'), /[?&]v=\d+$/, 'the picture is cache-busted');
      await page.waitForFunction(() => [...document.querySelectorAll('[data-testid="profile-avatar"] img')].every((img) => img.complete && img.naturalWidth > 0));
      // Cropped to a square before it was sent.
      const size = await card.locator('[data-testid="profile-avatar"] img').evaluate((img) => [img.naturalWidth, img.naturalHeight]);
      assert.equal(size[0], size[1]);
      await page.getByTestId('user-card').locator('img').waitFor();
      await shot(page, 'photos-picture');

      await page.goto(`${publicBase}/p/${SLUG}`);
      const avatar = page.locator('img.avatar.big');
      await avatar.waitFor();
      assert.ok(await avatar.evaluate((img) => img.complete && img.naturalWidth > 0 && img.naturalWidth === img.naturalHeight));

      // Deleting asks first, then the initials come back.
      await page.goto(`${server.baseURL}/images`);
      await card.getByRole('button', { name: 'Supprimer la photo' }).click();
      const confirm = page.getByRole('dialog', { name: 'Supprimer votre photo de profil ?' });
      await confirm.getByRole('button', { name: 'Supprimer la photo' }).click();
      await snackbar(page).getByText('Votre photo de profil a été supprimée').waitFor();
      assert.equal(await card.getByRole('img', { name: 'Votre photo de profil' }).count(), 0);
    }));
});
