// A venue from end to end, against the real binary: one chained
// journey, each step on the venue the step before made.
// 1. A free venue owner, in the United Kingdom, creates a venue through the
//    six steps of the wizard (a GB address picked through the address
//    search, three photos, a video), publishes it, edits it, and may not add
//    a second one (the premium tooltip).
// 2. An admin approves the owner, looks at the venue's photos and facts in
//    /admin/venues and validates it; the owner is e-mailed once.
// 3. A couple finds it on uk.localhost by guests and a feature, opens it and
//    sends it a request.
// 4. The owner sees which venue the request is for and unlocks it with the
//    welcome credit.
// 5. Another venue owner gets the not-found state on the first one's venue.
// Axe and screenshots at 390 and 1440 px throughout (shot()).
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { apiTokens, callApi, journey, login, PASSWORD, pngImage, shot, useServer, waitForOutbox, WIDTHS } from './harness.mjs';

// Generous: two cores are shared with the Go suite and the other browser files in CI.
const T = { timeout: 300_000 };
const OWNER = 'tilleuls.bath@noces.test';
const VENUE = 'Domaine des Tilleuls';
/** The request form's signed token is refused when the form comes back faster than this. */
const MIN_FILL_MS = 3_000;
/** The public pages (HTML and CSS as transferred, no JavaScript) stay under this each. */
const PAGE_BUDGET = 100 * 1024;

const server = useServer();

/** What each step leaves for the next: the owner's and the venue's ids, the venue's public slug. */
const journeyState = {};

/** A French venue owner with a company in Bath, registered and onboarded through the API: free, not yet moderated, one welcome credit. */
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
        siret: '00445790',
        address: { zipcode: 'BA2 4AX', city: 'Bath', countryCode: 'GB', latitude: 51.3751, longitude: -2.3617 },
        prestations: [4],
        langues: [4],
        dateOfCreation: '2016-04-01',
      },
    },
  });
  assert.equal(finished.status, 201, JSON.stringify(finished.body));
  return { token: registered.body.token, id: finished.body.id };
}

/** Back to the top, so a full-page screenshot does not show the fixed app bar in the middle. */
async function top(page) {
  await page.evaluate(() => window.scrollTo(0, 0));
}

/** The step the wizard shows, by its title. */
async function atStep(page, title) {
  await page.getByTestId('venue-step-title').filter({ hasText: title }).waitFor();
}

/** A day about ten months ahead, as the date input wants it. */
function weddingDay() {
  return new Date(Date.now() + 300 * 24 * 3600 * 1000).toISOString().slice(0, 10);
}

/** The owner's balance, read through the API. */
async function credits(page) {
  const { token } = await apiTokens(page.request, server.baseURL, OWNER);
  return (await callApi(server.baseURL, 'GET', '/api/me', { token })).body.credits;
}

const mainMenu = (page) => page.getByRole('navigation', { name: 'Menu principal' });
const snackbar = (page) => page.getByTestId('snackbar');

describe('a venue from its owner to a couple and back', () => {
  it('a free venue owner creates a UK venue with three photos and a video, publishes it, and may not add a second', T, () =>
    journey({ stepTimeout: 30_000 }, async (page) => {
      journeyState.ownerId = (await venueOwner(OWNER, 'Marc')).id;
      await login(page, server.baseURL, OWNER);
      await page.getByTestId('venue-checklist').waitFor();
      // The welcome credit, shown to venue owners as to planners.
      await page.getByTestId('credit-chip').filter({ hasText: 'Crédits : 1' }).first().waitFor();
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
      await page.getByRole('textbox', { name: /^Téléphone/ }).fill('+44 1225 477000');
      await page.getByLabel(/^Adresse \(rue\)/).fill('12 Lime Grove');
      // The address search fills the country, the town and the position; a British town comes without its postcode.
      await page.getByTestId('address-search').pressSequentially('Bath', { delay: 30 });
      // No empty brackets where the postcode would be.
      await page.getByRole('option').filter({ hasText: /^Bath\s*Royaume-Uni$/ }).first().click();
      assert.equal(await page.locator('select[name="countryCode"]').inputValue(), 'GB');
      assert.equal(await page.locator('input[name="city"]').inputValue(), 'Bath');
      await page.getByLabel(/^Code postal/).fill('ba2 4ax');
      await page.getByLabel(/^Code postal/).blur();
      await page.getByTestId('address-located').filter({ hasText: 'BA2 4AX Bath' }).waitFor();
      // The address's "needs its postcode" error went with the postcode.
      await page.getByText("L'adresse doit avoir son code postal, sa ville et son pays.").waitFor({ state: 'detached' });
      await page.getByLabel(/^Nom$/).fill('Anne Petit');
      await page.getByLabel(/^Fonction/).fill('Gérante');
      await top(page);
      await shot(page, 'venue-wizard-general');
      await page.getByTestId('venue-next').click();

      // Step 1: description, capacities, prices.
      await atStep(page, 'Description');
      await page.getByLabel(/^Description courte/).fill('Un domaine viticole au calme, à dix minutes de Bath, avec son parc et sa grange.');
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
      journeyState.venueId = page.url().split('/').pop();
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
      await page.waitForURL(new RegExp(`/venues/${journeyState.venueId}$`));
      // A British venue's prices are in pounds, as on its public page.
      await page.getByText(/4\s500\s£ à 13\s500\s£/).waitFor();

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

  it('an admin approves the owner, looks at the photos and facts of the venue and validates it; the owner is e-mailed once', T, () =>
    journey({ stepTimeout: 30_000 }, async (page) => {
      assert.ok(journeyState.venueId, 'the owner created a venue');
      const { token: admin } = await apiTokens(page.request, server.baseURL, 'admin@noces.test');
      const approved = await callApi(server.baseURL, 'POST', `/api/admin/users/${journeyState.ownerId}/approve`, { token: admin });
      assert.equal(approved.status, 200, JSON.stringify(approved.body));

      await login(page, server.baseURL, 'admin@noces.test');
      await mainMenu(page).getByRole('link', { name: 'Lieux' }).click();
      await page.waitForURL('**/admin/venues');
      await page.getByRole('heading', { level: 1, name: 'Lieux' }).waitFor();
      const card = page.getByTestId('admin-venue').filter({ hasText: VENUE });
      await card.getByRole('heading', { name: VENUE }).waitFor();
      const text = await card.innerText();
      assert.match(text, /Domaine · BA2 4AX Bath, Royaume-Uni/);
      assert.match(text, /120 assis · 200 debout · 12 chambres/);
      assert.match(text, /4\s500\s£ – 13\s500\s£/);
      assert.match(text, /Cérémonie en extérieur[\s\S]*Jardin[\s\S]*Parking/);
      assert.match(text, new RegExp(`Marc Petit \\(${OWNER.replaceAll('.', '\\.')}\\)\\s*Compte modéré`));
      assert.equal(await card.getByRole('link', { name: 'Ouvrir le compte du propriétaire dans Utilisateurs' }).getAttribute('href'), `/admin/users?q=${encodeURIComponent(OWNER)}`);
      await shot(page, 'admin-venues');

      // The photos, larger, one after the other: the key image first.
      await card.getByRole('button', { name: 'Ouvrir la photo 1 sur 3' }).click();
      const viewer = page.getByRole('dialog', { name: `${VENUE} : photo 1 sur 3` });
      await viewer.getByRole('img', { name: 'Le parc et ses tilleuls' }).waitFor();
      await page.waitForFunction(() => document.querySelector('[data-testid="venue-photo-large"]')?.complete);
      await shot(page, 'admin-venue-photo');
      await viewer.getByRole('button', { name: 'Photo suivante' }).click();
      await page.getByRole('dialog', { name: `${VENUE} : photo 2 sur 3` }).getByText('Pas de texte alternatif').waitFor();
      await page.keyboard.press('Escape');
      await page.getByRole('dialog').waitFor({ state: 'detached' });

      // Validate, after a confirmation.
      await card.getByRole('button', { name: 'Valider' }).click();
      const confirm = page.getByRole('dialog', { name: 'Valider ce lieu ?' });
      await confirm.getByText(/Marc Petit recevra un e-mail/).waitFor();
      await shot(page, 'admin-venue-validate');
      await confirm.getByRole('button', { name: 'Valider' }).click();
      await snackbar(page).getByText(`« ${VENUE} » est validé et un e-mail a été envoyé à son propriétaire`).waitFor();
      await card.waitFor({ state: 'detached' });

      await page.getByRole('tab', { name: 'Validés' }).click();
      const validated = page.getByTestId('admin-venue').filter({ hasText: VENUE });
      await validated.getByTestId('venue-validation-chip').getByText('Validé').waitFor();
      await validated.getByRole('button', { name: 'Retirer la validation' }).waitFor();
      await snackbar(page).waitFor({ state: 'detached', timeout: 10_000 });
      await shot(page, 'admin-venues-validated');

      const mail = await waitForOutbox(page.request, server.baseURL, OWNER, (m) => m.subject.includes(VENUE));
      assert.equal(mail.subject, `Votre lieu « ${VENUE} » est validé`);
      const link = mail.text.match(/\/v\/([a-z0-9-]+)/);
      assert.ok(link, mail.text);
      journeyState.slug = link[1];

      // Validating it again (a retry, a second admin) sends nothing more.
      const again = await callApi(server.baseURL, 'PUT', `/api/admin/venues/${journeyState.venueId}/validation`, { token: admin, body: { validated: true } });
      assert.equal(again.status, 200);
      const outbox = await callApi(server.baseURL, 'GET', `/api/admin/outbox?to=${encodeURIComponent(OWNER)}`, { token: admin });
      assert.equal(outbox.body.items.filter((m) => m.subject.includes(VENUE)).length, 1);
    }));

  it('a couple finds the venue on uk.localhost by guests and a feature, opens it and sends it a request', T, () =>
    journey({ locale: 'en-GB', stepTimeout: 30_000 }, async (page) => {
      assert.ok(journeyState.slug, 'the admin validated the venue');
      const publicBase = `http://uk.localhost:${new URL(server.baseURL).port}`;
      let bytes = 0;
      page.on('requestfinished', async (request) => {
        if (request.resourceType() === 'document' || request.resourceType() === 'stylesheet') {
          const sizes = await request.sizes();
          bytes += sizes.responseBodySize + sizes.responseHeadersSize;
        }
      });

      // More guests than its 120 seats: not this venue.
      await page.goto(`${publicBase}/search?kind=venue&guests=150&feature=garden`);
      await page.getByRole('heading', { level: 1 }).waitFor();
      assert.equal(await page.getByRole('link', { name: VENUE }).count(), 0, 'a venue too small is left out');

      await page.goto(`${publicBase}/search?kind=venue`);
      const search = page.getByRole('search');
      await search.getByLabel('Seated guests').fill('100');
      await search.getByLabel('Garden').check();
      await search.getByRole('button', { name: 'Search' }).click();
      await page.waitForURL((url) => url.searchParams.get('guests') === '100' && url.searchParams.getAll('feature').join() === 'garden');
      const result = page.getByRole('link', { name: VENUE });
      await result.waitFor();
      const thumb = page.locator('article.result img.photo').first();
      assert.equal(await thumb.getAttribute('alt'), 'Le parc et ses tilleuls', 'the key image stands for the venue');
      assert.ok(await thumb.evaluate((img) => img.complete && img.naturalWidth > 0), 'the key image thumbnail loads');
      assert.ok(await search.getByLabel('Garden').isChecked(), 'the filters stay checked');
      await shot(page, 'public-venue-search');

      bytes = 0;
      await result.click();
      await page.waitForURL(`**/v/${journeyState.slug}`);
      const opened = Date.now();
      await page.getByRole('heading', { level: 1, name: VENUE }).waitFor();
      await page.waitForLoadState('load');
      assert.ok(bytes < PAGE_BUDGET, `the venue page weighs ${bytes} bytes`);
      const hero = page.locator('figure.hero img');
      assert.equal(await hero.getAttribute('alt'), 'Le parc et ses tilleuls', 'the key image comes first');
      assert.ok(await hero.evaluate((img) => img.complete && img.naturalWidth > 0), 'the key image loads');
      const features = page.locator('#features');
      for (const word of ['Garden', 'Parking', 'Outdoor ceremony']) {
        await features.getByText(word, { exact: true }).waitFor();
      }
      assert.equal(await features.locator('svg.ficon').count(), await features.locator('li').count(), 'an icon per feature');
      await page.locator('#contact').getByText('Anne Petit', { exact: true }).waitFor();
      await page.getByRole('link', { name: /Visite du domaine/ }).waitFor();
      await shot(page, 'public-venue');

      const form = page.locator('form.project');
      await form.getByLabel('Type of event').selectOption('wedding');
      await form.getByLabel('Date', { exact: true }).fill(weddingDay());
      await form.getByLabel('Number of guests').selectOption('100_150');
      await form.getByLabel('Town', { exact: true }).fill('Bath');
      await form.getByLabel('First name').fill('Chloe');
      await form.getByLabel('Last name').fill('Martin');
      await form.getByLabel('E-mail').fill('chloe.martin@example.com');
      await form.getByLabel('Phone').fill('+44 7911 123456');
      await form.getByLabel(/^Your message/).fill('We would love to marry in your park next summer.');
      const left = MIN_FILL_MS + 500 - (Date.now() - opened);
      // The form's signed token refuses a form sent back faster than a person fills it.
      if (left > 0) await page.waitForTimeout(left);
      await form.getByRole('button', { name: 'Send my request' }).click();
      // Sent, or the form back with what to correct (said in the failure).
      await page.waitForURL((url) => url.pathname === '/project/sent' || url.pathname.endsWith('/request'));
      // The couple confirms by the e-mailed link: only then does the owner get it,
      // so that no one pays for a request from an address that was never real.
      const mail = await waitForOutbox(page.request, server.baseURL, 'chloe.martin@example.com', (m) => /\/confirm\//.test(m.text ?? ''));
      await page.goto(new URL(new URL(mail.text.match(/https?:\/\/\S+\/confirm\/[A-Za-z0-9_-]+/)[0]).pathname, page.url()).href);
      await page.getByRole('button', { name: 'Confirm and send my project' }).click();
      await page.getByRole('heading', { level: 1, name: 'Your project is confirmed' }).waitFor();
      assert.match(await page.locator('main').innerText(), /It was sent to 1 professional\./);
    }));

  it('the owner sees which venue the request is for and unlocks it with the welcome credit', T, () =>
    journey({ stepTimeout: 30_000 }, async (page) => {
      assert.ok(journeyState.slug, 'the couple sent a request');
      await login(page, server.baseURL, OWNER);
      // The new-request popup greets venue owners as planners.
      const popup = page.getByRole('dialog', { name: /nouvelles? demandes?/ });
      await popup.waitFor();
      await popup.getByRole('button', { name: 'Plus tard' }).click();
      await popup.waitFor({ state: 'detached' });

      const menu = mainMenu(page);
      await menu.getByRole('link', { name: 'Crédits', exact: true }).waitFor();
      await menu.getByRole('link', { name: 'Abonnement', exact: true }).waitFor();
      await menu.getByRole('link', { name: 'Demandes' }).click();
      await page.waitForURL('**/event-requests');
      const grid = page.getByRole('grid', { name: "Vos demandes d'événement" });
      const row = grid.getByRole('row').filter({ has: page.getByTestId('request-venue') });
      await row.getByTestId('request-venue').getByText(`Pour ${VENUE}`).waitFor();
      assert.equal(await row.count(), 1, 'the one request of this owner');
      await shot(page, 'venue-requests');

      const before = await credits(page);
      assert.equal(before, 1, 'the welcome credit');
      await row.getByRole('link').click();
      await page.waitForURL(/\/event-requests\/[0-9a-f-]+$/);
      const venue = page.getByTestId('request-venue');
      await venue.getByText('Pour votre lieu').waitFor();
      assert.equal(await venue.getByRole('link', { name: VENUE }).getAttribute('href'), `/venues/${journeyState.venueId}`);
      const contact = page.getByTestId('contact-card');
      await contact.getByRole('button', { name: 'Débloquer' }).click();
      const confirm = page.getByRole('dialog', { name: 'Débloquer cette demande ?' });
      assert.match(await confirm.getByTestId('unlock-balance').innerText(), /Vos crédits\s*1\s*Après déblocage\s*0/);
      await confirm.getByRole('button', { name: 'Débloquer pour 1 crédit' }).click();
      await contact.getByRole('link', { name: 'chloe.martin@example.com' }).waitFor();
      await snackbar(page).getByText(/Demande débloquée/).waitFor();
      await snackbar(page).waitFor({ state: 'detached', timeout: 10_000 });
      await page.getByTestId('credit-chip').filter({ hasText: 'Aucun crédit' }).first().waitFor();
      await shot(page, 'venue-request-unlocked');
      assert.equal(await credits(page), 0);
    }));

  it("another venue owner gets the not-found state on the first one's venue", T, () =>
    journey({ width: WIDTHS.mobile }, async (page) => {
      assert.ok(journeyState.venueId, 'the owner created a venue');
      await venueOwner('autre.lieu@noces.test', 'Julie');
      await login(page, server.baseURL, 'autre.lieu@noces.test');
      await page.goto(`${server.baseURL}/venues/${journeyState.venueId}`);
      const state = page.getByTestId('venue-not-found');
      await state.getByText("Ce lieu n'existe pas ou ne vous appartient pas.").waitFor();
      await shot(page, 'venue-not-found');
      await state.getByRole('link', { name: 'Retour à mes lieux' }).click();
      await page.waitForURL(/\/venues$/);
      await page.getByTestId('venues-empty').waitFor();
    }));
});
