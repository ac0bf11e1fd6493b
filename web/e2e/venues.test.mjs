// The venue owner's back-office (issue 14, Screens): a free venue owner
// creates a venue through the six steps of the wizard with three photos and a
// video, publishes it and finds it in /venues; a second venue is refused
// with the premium tooltip; another venue owner opening the first one's
// venue gets the not-found state. Admin validation and the couples' side
// are the admin's and the public pages' journeys.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { callApi, journey, login, PASSWORD, pngImage, shot, TEST_SIRET, useServer, WIDTHS } from './harness.mjs';

// Generous: two cores are shared with the Go suite and the other browser files in CI.
const T = { timeout: 300_000 };

const server = useServer();

/** A venue owner registered and onboarded through the API, free and not yet moderated. */
async function venueOwner(email, firstname) {
  const registered = await callApi(server.baseURL, 'POST', '/api/register', {
    body: { email, phone: '+33 6 12 34 56 79', firstname, lastname: 'Petit', password: PASSWORD, role: 'ROLE_VENUE', tosIsAccepted: true, locale: 'fr' },
  });
  assert.equal(registered.status, 201, JSON.stringify(registered.body));
  const finished = await callApi(server.baseURL, 'POST', '/api/onboarding/finish', {
    token: registered.body.token,
    body: {
      company: {
        name: `Domaine ${firstname}`,
        siret: TEST_SIRET,
        address: { zipcode: '37000', city: 'Tours', countryCode: 'FR', latitude: 47.3941, longitude: 0.6848 },
        prestations: [4],
        langues: [4],
        dateOfCreation: '2016-04-01',
      },
    },
  });
  assert.equal(finished.status, 201, JSON.stringify(finished.body));
  return registered.body.token;
}

/** Back to the top, so a full-page screenshot does not show the fixed app bar in the middle. */
async function top(page) {
  await page.evaluate(() => window.scrollTo(0, 0));
}

/** The step the wizard shows, by its title. */
async function atStep(page, title) {
  await page.getByTestId('venue-step-title').filter({ hasText: title }).waitFor();
}

let firstVenueId;

describe('venues', () => {
  it('a free venue owner creates a venue with three photos and a video, publishes it, and may not add a second', T, () =>
    journey({ stepTimeout: 30_000 }, async (page) => {
      await venueOwner('domaine.petit@noces.test', 'Marc');
      await login(page, server.baseURL, 'domaine.petit@noces.test');
      await page.getByTestId('venue-checklist').waitFor();
      await page.goto(`${server.baseURL}/venues`);
      await page.getByTestId('venues-empty').waitFor();
      await shot(page, 'venues-empty');
      await page.getByRole('link', { name: 'Ajouter mon premier lieu' }).click();
      await page.waitForURL(/\/venues\/create$/);

      // Step 0: nothing moves on while the required fields are empty.
      await atStep(page, 'Général');
      assert.equal(await page.getByTestId('venue-back').isDisabled(), true, 'Back is disabled on step 0');
      await page.getByTestId('venue-next').click();
      await page.getByText('Saisissez le nom du lieu.').waitFor();
      await atStep(page, 'Général');
      await page.getByLabel(/^Nom du lieu/).fill('  Domaine des Tilleuls  ');
      await page.getByLabel(/^Nom du lieu/).blur();
      assert.equal(await page.getByLabel(/^Nom du lieu/).inputValue(), 'Domaine des Tilleuls', 'trimmed on blur');
      await page.getByLabel(/^Type de lieu/).selectOption('domain');
      await page.getByText('Choisissez le type de lieu.').waitFor({ state: 'detached' });
      await page.getByLabel(/^E-mail/).fill('contact@tilleuls.test');
      await page.getByRole('textbox', { name: /^Téléphone/ }).fill('06 12 34 56 78');
      await page.getByLabel(/^Adresse \(rue\)/).fill('12 chemin des Vignes');
      await page.getByTestId('venue-address-search').pressSequentially('Tours', { delay: 30 });
      await page.getByRole('option').filter({ hasText: /^Tours/ }).first().click();
      await page.getByTestId('venue-located').waitFor();
      await page.getByLabel(/^Nom$/).fill('Anne Petit');
      await page.getByLabel(/^Fonction/).fill('Gérante');
      await top(page);
      await shot(page, 'venue-wizard-general');
      await page.getByTestId('venue-next').click();

      // Step 1: description, capacities, prices.
      await atStep(page, 'Description');
      await page.getByLabel(/^Description courte/).fill('Un domaine viticole au calme, à dix minutes de Tours, avec son parc et sa grange.');
      await page
        .getByLabel(/^Description détaillée/)
        .fill('La grange du XVIIIe siècle accueille le dîner, le parc de deux hectares la cérémonie laïque ; douze chambres reçoivent la famille pour le week-end.');
      await page.getByLabel(/^Invités assis/).fill('120');
      await page.getByLabel(/^Invités debout/).fill('200');
      await page.getByLabel(/^Chambres/).fill('12');
      await page.getByLabel(/^Prix minimum/).fill('4500');
      await page.getByLabel(/^Prix maximum/).fill('12000');
      await top(page);
      await shot(page, 'venue-wizard-description');
      await page.getByTestId('venue-next').click();

      // Step 2: features.
      await atStep(page, 'Équipements');
      await page.getByLabel('Jardin').check();
      await page.getByLabel('Parking').check();
      await page.getByLabel('Cérémonie en extérieur').check();
      await top(page);
      await shot(page, 'venue-wizard-features');
      await page.getByTestId('venue-next').click();

      // Step 3: a service with its detail.
      await atStep(page, 'Prestations');
      const services = page.getByRole('group', { name: /Prestations que vous vendez/ });
      await services.getByRole('checkbox').first().check();
      await page.getByLabel(/^Ce qui est compris/).fill('La grange, le parc et le parking pour le samedi et le dimanche.');
      await page.getByLabel(/^À partir de/).fill('4500');
      await top(page);
      await shot(page, 'venue-wizard-services');
      await page.getByTestId('venue-next').click();

      // Step 4: three photos and one refused in the browser, with its reason.
      await atStep(page, 'Photos');
      await page.getByTestId('venue-images-input').setInputFiles([
        { name: 'grange.png', mimeType: 'image/png', buffer: pngImage(1200, 800) },
        { name: 'parc.png', mimeType: 'image/png', buffer: pngImage(900, 900) },
        { name: 'chambre.png', mimeType: 'image/png', buffer: pngImage(800, 1100) },
        { name: 'animation.gif', mimeType: 'image/gif', buffer: Buffer.from('GIF89a') },
      ]);
      await page.getByText(/animation\.gif : Format d'image non supporté/).waitFor();
      const photos = page.getByTestId('pending-image');
      assert.equal(await photos.count(), 4);
      assert.equal(await photos.nth(0).getByRole('radio', { name: 'Photo principale' }).isChecked(), true, 'the first photo is the key image');
      await photos.nth(1).getByLabel(/^Texte alternatif/).fill('Le parc et ses tilleuls');
      await photos.nth(1).getByRole('radio', { name: 'Photo principale' }).check();
      await page.getByRole('button', { name: 'Retirer animation.gif' }).click();
      await top(page);
      await shot(page, 'venue-wizard-photos');
      await page.getByTestId('venue-next').click();

      // Step 5: a video; Add waits for a valid link.
      await atStep(page, 'Vidéos');
      await page.getByTestId('venue-video-title').fill('Visite du domaine');
      await page.getByTestId('venue-video-link').fill('https://example.com/visite');
      assert.equal(await page.getByTestId('venue-video-add').isDisabled(), true, 'no Add for a link of another host');
      await page.getByTestId('venue-video-link').fill('https://www.youtube.com/watch?v=dQw4w9WgXcQ');
      await page.getByTestId('venue-video-add').click();
      await page.getByTestId('venue-video').waitFor();
      await top(page);
      await shot(page, 'venue-wizard-videos');
      await page.getByTestId('venue-save').click();

      // The venue, saved: its overview, then the publish switch of the settings.
      await page.waitForURL(/\/venues\/[0-9a-f-]{36}$/, { timeout: 60_000 });
      firstVenueId = page.url().split('/').pop();
      await page.getByRole('heading', { level: 1, name: 'Domaine des Tilleuls' }).waitFor();
      await page.getByTestId('venue-published-chip').filter({ hasText: 'Brouillon' }).waitFor();
      await shot(page, 'venue-overview');
      await page.getByRole('tab', { name: 'Photos' }).click();
      await page.waitForURL(/\?tab=photos$/);
      await page.getByTestId('venue-photo').nth(2).waitFor();
      assert.equal(await page.getByTestId('venue-photo').count(), 3);
      await shot(page, 'venue-photos');
      await page.getByRole('tab', { name: 'Vidéos' }).click();
      await page.getByTestId('venue-video').waitFor();
      await page.getByRole('tab', { name: 'Réglages' }).click();
      await page.reload();
      await page.getByRole('tab', { name: 'Réglages', selected: true }).waitFor();
      const publish = page.getByTestId('venue-publish').getByRole('switch');
      assert.equal(await publish.isChecked(), false);
      // The switch follows the server's reply, not the click.
      await publish.click();
      await page.getByText('Le lieu est publié.').or(page.getByTestId('venue-publish-error')).first().waitFor();
      assert.equal(await page.getByTestId('venue-publish-error').count(), 0, await page.getByTestId('venue-publish-error').textContent().catch(() => ''));
      assert.equal(await publish.isChecked(), true);
      await shot(page, 'venue-settings');

      // The edit wizard opens filled in and saves with the venue's own address.
      await page.getByRole('link', { name: 'Modifier' }).click();
      await page.waitForURL(/\/edit$/);
      assert.equal(await page.getByLabel(/^Nom du lieu/).inputValue(), 'Domaine des Tilleuls');
      await page.getByTestId('venue-next').click();
      await atStep(page, 'Description');
      assert.equal(await page.getByLabel(/^Invités assis/).inputValue(), '120');
      await page.getByLabel(/^Prix maximum/).fill('13500');
      for (const title of ['Équipements', 'Prestations', 'Photos', 'Vidéos']) {
        await page.getByTestId('venue-next').click();
        await atStep(page, title);
      }
      await page.getByTestId('venue-save').click();
      await page.waitForURL(new RegExp(`/venues/${firstVenueId}$`));
      await page.getByText(/4\s500\s€ à 13\s500\s€/).waitFor();

      // Back in the list: the card, and no second venue on the free plan.
      await page.goto(`${server.baseURL}/venues`);
      const card = page.getByTestId('venue-card');
      await card.waitFor();
      assert.equal(await card.count(), 1);
      await card.getByText('Publié', { exact: true }).waitFor();
      await card.getByText('En attente de validation').waitFor();
      await card.getByText('3 photos').waitFor();
      assert.equal(await page.getByTestId('venue-add').isDisabled(), true, 'a free owner has one venue');
      await page.getByTestId('venue-add-wrapper').focus();
      await page.getByRole('tooltip').filter({ hasText: 'Premium est nécessaire' }).waitFor();
      assert.equal(await page.getByTestId('venue-upgrade').getAttribute('href'), '/subscription');
      await shot(page, 'venues-list');

      // Typing the wizard's address gets the same answer.
      await page.goto(`${server.baseURL}/venues/create`);
      await page.getByTestId('venue-upgrade-notice').waitFor();

      // The dashboard's checklist counts the published venue and its photos.
      await page.goto(`${server.baseURL}/`);
      const checklist = page.getByTestId('venue-checklist');
      for (const task of ['published', 'photos', 'description', 'capacities', 'prices']) {
        await checklist.locator(`[data-task="${task}"][data-done="true"]`).waitFor();
      }
      await shot(page, 'venue-dashboard-complete');
    }));

  it("another venue owner gets the not-found state on the first one's venue", T, () =>
    journey({ width: WIDTHS.mobile }, async (page) => {
      assert.ok(firstVenueId, 'the first journey created a venue');
      await venueOwner('autre.lieu@noces.test', 'Julie');
      await login(page, server.baseURL, 'autre.lieu@noces.test');
      await page.goto(`${server.baseURL}/venues/${firstVenueId}`);
      const state = page.getByTestId('venue-not-found');
      await state.getByText("Ce lieu n'existe pas ou ne vous appartient pas.").waitFor();
      await shot(page, 'venue-not-found');
      await state.getByRole('link', { name: 'Retour à mes lieux' }).click();
      await page.waitForURL(/\/venues$/);
      await page.getByTestId('venues-empty').waitFor();
    }));
});
