// Onboarding, the company pages and the dashboard, against the real binary
// (its own server and a fresh data folder): `npm run e2e`.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { apiTokens, checkA11y, journey, login, shot, useServer } from './harness.mjs';

const T = { timeout: 120_000 };
const NEW_PASSWORD = 'Bonjour-2026!';
const SIRET = '73282932000074';

const server = useServer();

/** The snackbar's text, then waits for it to go so the next one is fresh. */
async function snackbar(page) {
  const bar = page.getByTestId('snackbar');
  await bar.waitFor();
  const text = await bar.innerText();
  await bar.getByRole('button', { name: 'Fermer' }).click();
  await bar.waitFor({ state: 'detached' });
  return text;
}

async function pickOption(page, combobox, text) {
  await combobox.click();
  await page.getByRole('option', { name: text, exact: true }).click();
  await page.keyboard.press('Escape');
}

describe('a new planner', () => {
  it('registers, goes through the three steps, lands on the dashboard and edits the company pages', T, () =>
    journey({}, async (page) => {
      const base = server.baseURL;
      const email = `onboarding-${Date.now()}@noces.test`;
      const registered = await page.request.post(`${base}/api/register`, {
        data: {
          email,
          phone: '+33 6 12 34 56 78',
          firstname: 'Camille',
          lastname: 'Bernard',
          password: NEW_PASSWORD,
          role: 'ROLE_PRESTATAIRE',
          tosIsAccepted: true,
          locale: 'fr',
        },
      });
      assert.equal(registered.status(), 201, await registered.text());

      await login(page, base, email, NEW_PASSWORD);
      assert.equal(new URL(page.url()).pathname, '/onboarding');

      // Step 1: the company. An empty name keeps Next disabled without a message.
      await page.getByRole('heading', { level: 1 }).waitFor();
      await page.getByRole('heading', { level: 2, name: 'Votre entreprise' }).waitFor();
      const next = page.getByRole('button', { name: 'Suivant' });
      assert.ok(await next.isDisabled());
      const name = page.getByLabel(/Nom de l'entreprise/);
      await name.fill('R');
      await name.blur();
      await page.getByText("2 à 50 caractères : lettres, chiffres, espaces et - & ' . , ( ) /").waitFor();
      await name.fill('Atelier Lumière & Co');
      await page.getByLabel(/Date de création/).fill('2099-01-01');
      await page.getByLabel(/Date de création/).blur();
      await page.getByText('La date de création ne peut pas être dans le futur').waitFor();
      assert.ok(await next.isDisabled());
      await page.getByLabel(/Date de création/).fill('2015-06-01');
      await next.waitFor();
      assert.ok(await next.isEnabled());
      await shot(page, 'onboarding-step-1');
      await next.click();

      // Step 2: the address, from the search.
      await page.getByRole('heading', { level: 2, name: 'Où êtes-vous installé ?' }).waitFor();
      assert.ok(await page.getByRole('button', { name: 'Retour' }).isVisible());
      assert.ok(await next.isDisabled(), 'Next needs a place picked in the search');
      const searches = [];
      page.on('request', (request) => {
        if (request.url().includes('/api/address/search')) searches.push(new URL(request.url()).searchParams.get('q'));
      });
      const search = page.getByRole('combobox', { name: /Rechercher votre ville/ });
      await search.pressSequentially('Lyon', { delay: 40 });
      await page.getByRole('option').filter({ hasText: /^Lyon69001/ }).first().click();
      assert.equal(await page.getByLabel(/Code postal/).inputValue(), '69001');
      assert.equal(await page.getByLabel(/^Ville/).inputValue(), 'Lyon');
      assert.equal(await page.getByLabel(/^Pays/).inputValue(), 'FR');
      await page.getByText(/Localisé : 69001 Lyon, France/).waitFor();
      assert.deepEqual(searches, ['Lyon'], `one debounced search: ${searches.join(', ')}`);
      assert.ok(await next.isEnabled());
      await shot(page, 'onboarding-step-2');
      await next.click();

      // Step 3: SIRET (France), services, languages. The SIRET is checked once, a second after the 14th digit.
      await page.getByRole('heading', { level: 2, name: 'Vos prestations' }).waitFor();
      const siretCalls = [];
      page.on('request', (request) => {
        if (request.url().includes('/api/siren/siret')) siretCalls.push(new URL(request.url()).searchParams.get('siret'));
      });
      await page.getByLabel(/Numéro SIRET/).pressSequentially(SIRET, { delay: 50 });
      const status = page.getByTestId('siret-status');
      await page.waitForFunction(() => document.querySelector('[data-testid="siret-status"]')?.getAttribute('data-outcome') === 'unknown');
      assert.match(await status.innerText(), /vérifiera manuellement/);
      await page.waitForTimeout(1_500);
      assert.deepEqual(siretCalls, [SIRET], 'the SIRET check was called exactly once');
      const finish = page.getByRole('button', { name: 'Terminer' });
      assert.ok(await finish.isDisabled());
      await pickOption(page, page.getByRole('combobox', { name: /Prestations proposées/ }), 'Organisation complète');
      await pickOption(page, page.getByRole('combobox', { name: /Prestations proposées/ }), 'Cérémonie laïque');
      await pickOption(page, page.getByRole('combobox', { name: /^Langues/ }), 'Français');
      assert.ok(await finish.isEnabled());
      await shot(page, 'onboarding-step-3');

      await finish.click();
      await page.waitForURL('**/dashboard');
      const dialog = page.getByRole('dialog', { name: 'Félicitations, votre profil est créé !' });
      await dialog.waitFor();
      assert.match(await dialog.innerText(), /un crédit/);
      // The browser asks for less motion: no confetti, and no canvas left behind.
      assert.equal(await page.locator('canvas').count(), 0);
      await shot(page, 'onboarding-celebration');
      await dialog.getByRole('button', { name: "C'est parti" }).click();
      await dialog.waitFor({ state: 'detached' });
      await page.getByTestId('moderation-notice').waitFor();
      assert.match(await page.getByTestId('completion-count').innerText(), /^[0-7]\/7/);
      assert.equal(await page.getByTestId('statistics-card').count(), 0, 'statistics wait for moderation');
      await shot(page, 'dashboard-after-onboarding');
      await page.reload();
      await page.getByRole('heading', { level: 1, name: /Bonjour Camille/ }).waitFor();
      assert.equal(await page.getByRole('dialog').count(), 0, 'the congratulations are shown once');

      // Company details: the website is completed with https and kept.
      await page.goto(`${base}/company/details`);
      await page.getByRole('heading', { level: 1, name: "Informations de l'entreprise" }).waitFor();
      assert.equal(await page.getByLabel(/Nom de l'entreprise/).inputValue(), 'Atelier Lumière & Co');
      assert.equal(await page.getByLabel(/Numéro SIRET/).inputValue(), SIRET);
      assert.equal(await page.getByLabel(/Date de création/).inputValue(), '2015-06-01');
      await page.getByLabel(/Site internet/).fill('atelier-lumiere.fr');
      await page.getByRole('button', { name: 'Enregistrer' }).click();
      assert.match(await snackbar(page), /Vos modifications ont été enregistrées/);
      assert.equal(await page.getByLabel(/Site internet/).inputValue(), 'https://atelier-lumiere.fr');
      await page.reload();
      await page.getByRole('heading', { level: 1, name: "Informations de l'entreprise" }).waitFor();
      await page.getByLabel(/Site internet/).waitFor();
      assert.equal(await page.getByLabel(/Site internet/).inputValue(), 'https://atelier-lumiere.fr');
      await shot(page, 'company-details');

      // Company address: only the city is public; a new town from the search.
      await page.goto(`${base}/company/address`);
      await page.getByRole('heading', { level: 1, name: 'Adresse' }).waitFor();
      await page.getByTestId('address-privacy').waitFor();
      assert.equal(await page.getByLabel(/^Ville/).inputValue(), 'Lyon');
      await page.getByRole('combobox', { name: /Rechercher votre ville/ }).pressSequentially('Bordeaux', { delay: 30 });
      await page.getByRole('option').filter({ hasText: /^Bordeaux33/ }).first().click();
      await page.getByRole('button', { name: 'Enregistrer' }).click();
      assert.match(await snackbar(page), /Vos modifications ont été enregistrées/);
      await page.reload();
      await page.getByRole('heading', { level: 1, name: 'Adresse' }).waitFor();
      await page.getByLabel(/^Ville/).waitFor();
      assert.equal(await page.getByLabel(/^Ville/).inputValue(), 'Bordeaux');
      assert.match(await page.getByLabel(/Code postal/).inputValue(), /^33\d{3}$/);
      await shot(page, 'company-address');

      // Company services: a description and a budget per service, saved and shown again.
      await page.goto(`${base}/company/services`);
      await page.getByRole('heading', { level: 1, name: 'Prestations et langues' }).waitFor();
      const full = page.getByRole('region', { name: 'Organisation complète' });
      await full.waitFor();
      assert.ok(await full.getByRole('switch', { name: /Afficher la description/ }).isChecked(), 'descriptions are shown by default');
      assert.ok(await full.getByRole('switch', { name: /Afficher le budget/ }).isChecked(), 'budgets are shown by default');
      await full.getByLabel('Description', { exact: true }).fill('De la première idée au dernier slow, nous organisons tout.');
      await full.getByLabel(/Budget à partir de/).fill('abc');
      await full.getByLabel(/Budget à partir de/).blur();
      await full.getByText("Le budget doit être un nombre entier d'euros, à partir de 0").waitFor();
      assert.ok(await page.getByRole('button', { name: 'Enregistrer' }).isDisabled());
      await full.getByLabel(/Budget à partir de/).fill('2500');
      await full.getByText(/Afficher le budget/).click();
      await page.getByRole('button', { name: 'Enregistrer' }).click();
      assert.match(await snackbar(page), /Vos modifications ont été enregistrées/);
      await page.reload();
      await page.getByRole('region', { name: 'Organisation complète' }).waitFor();
      const reloaded = page.getByRole('region', { name: 'Organisation complète' });
      assert.equal(await reloaded.getByLabel('Description', { exact: true }).inputValue(), 'De la première idée au dernier slow, nous organisons tout.');
      assert.equal(await reloaded.getByLabel(/Budget à partir de/).inputValue(), '2500');
      assert.equal(await reloaded.getByRole('switch', { name: /Afficher le budget/ }).isChecked(), false);
      assert.equal(await reloaded.getByRole('switch', { name: /Afficher la description/ }).isChecked(), true);
      assert.equal(await page.getByRole('region', { name: 'Cérémonie laïque' }).count(), 1);
      await shot(page, 'company-services');
    }));

  it('who did not ask for less motion gets confetti, and the canvas is gone afterwards', T, () =>
    journey({ reducedMotion: 'no-preference' }, async (page) => {
      const base = server.baseURL;
      const email = `confetti-${Date.now()}@noces.test`;
      const registered = await page.request.post(`${base}/api/register`, {
        data: {
          email,
          phone: '+33 6 12 34 56 79',
          firstname: 'Louise',
          lastname: 'Martin',
          password: NEW_PASSWORD,
          role: 'ROLE_PRESTATAIRE',
          tosIsAccepted: true,
          locale: 'fr',
        },
      });
      assert.equal(registered.status(), 201, await registered.text());
      await login(page, base, email, NEW_PASSWORD);
      await page.getByRole('heading', { level: 2, name: 'Votre entreprise' }).waitFor();
      const next = page.getByRole('button', { name: 'Suivant' });
      await page.getByLabel(/Nom de l'entreprise/).fill('Les Noces de Louise');
      await page.getByLabel(/Date de création/).fill('2019-03-01');
      await next.click();
      await page.getByRole('combobox', { name: /Rechercher votre ville/ }).pressSequentially('Nantes', { delay: 30 });
      await page.getByRole('option').filter({ hasText: /^Nantes44/ }).first().click();
      await next.click();
      await page.getByRole('heading', { level: 2, name: 'Vos prestations' }).waitFor();
      await page.getByLabel(/Numéro SIRET/).fill(SIRET);
      await pickOption(page, page.getByRole('combobox', { name: /Prestations proposées/ }), 'Organisation complète');
      await pickOption(page, page.getByRole('combobox', { name: /^Langues/ }), 'Français');
      await page.getByRole('button', { name: 'Terminer' }).click();
      await page.waitForURL('**/dashboard');
      await page.getByRole('dialog', { name: 'Félicitations, votre profil est créé !' }).waitFor();
      const canvas = page.getByTestId('confetti');
      await canvas.waitFor({ state: 'attached', timeout: 10_000 });
      assert.equal(await canvas.getAttribute('aria-hidden'), 'true');
      // canvas-confetti's bursts last a few seconds; then the canvas must leave the page.
      await canvas.waitFor({ state: 'detached', timeout: 15_000 });
      assert.equal(await page.locator('canvas').count(), 0);
      await checkA11y(page);
    }));
});

describe('the dashboards of the demo accounts', () => {
  it('a premium planner sees the rates and the views chart, by period', T, () =>
    journey({}, async (page) => {
      const periods = [];
      page.on('request', (request) => {
        if (request.url().includes('/api/statistics/views')) periods.push(new URL(request.url()).searchParams.get('period'));
      });
      await login(page, server.baseURL, 'premium@noces.test');
      await page.getByTestId('statistics-card').waitFor();
      await page.getByTestId('views-chart').waitFor();
      assert.equal(await page.getByTestId('views-teaser').count(), 0);
      assert.deepEqual(periods, ['7days']);
      assert.equal(await page.getByRole('button', { name: '7 jours' }).getAttribute('aria-pressed'), 'true');
      await page.getByRole('button', { name: '30 jours' }).click();
      await page.waitForFunction(() => document.querySelectorAll('[data-testid="views-chart"] svg').length > 0);
      await page.waitForTimeout(300);
      assert.deepEqual(periods, ['7days', '30days']);
      await shot(page, 'dashboard-premium');
    }));

  it('a free planner sees the rates and the upgrade teaser instead of the chart', T, () =>
    journey({}, async (page) => {
      let viewCalls = 0;
      page.on('request', (request) => {
        if (request.url().includes('/api/statistics/views')) viewCalls += 1;
      });
      await login(page, server.baseURL, 'planner@noces.test');
      await page.getByTestId('stat-messages').waitFor();
      const teaser = page.getByTestId('views-teaser');
      await teaser.waitFor();
      assert.equal(await teaser.getByRole('link', { name: 'Découvrir Premium' }).getAttribute('href'), '/subscription');
      assert.equal(await page.getByTestId('views-chart').count(), 0);
      assert.equal(viewCalls, 0, 'the views are asked for by premium users only');
      // Unmet steps link to where they are done.
      const completion = page.getByTestId('profile-completion');
      assert.equal(await completion.getByRole('link', { name: 'Ajouter une photo de profil' }).getAttribute('href'), '/images');
      await shot(page, 'dashboard-planner');
    }));

  it('a venue sees the venue dashboard without the planner-only steps', T, () =>
    journey({}, async (page) => {
      await login(page, server.baseURL, 'venue@noces.test');
      await page.getByRole('heading', { level: 1, name: /Bonjour/ }).waitFor();
      await page.getByTestId('statistics-card').waitFor();
      assert.equal(await page.getByTestId('profile-completion').count(), 0);
      await shot(page, 'dashboard-venue');
    }));

  it('shows the promotional alert and, once per user, the popup', T, () =>
    journey({}, async (page) => {
      const base = server.baseURL;
      const { token } = await apiTokens(page.request, base, 'admin@noces.test');
      const headers = { Authorization: `Bearer ${token}` };
      const alert = await page.request.post(`${base}/api/admin/promotional-alerts`, {
        headers,
        data: {
          type: 'planner',
          isActive: true,
          title: 'Le Club Premium à -30 %',
          description: 'Jusqu’à dimanche, recevez toutes les demandes débloquées.',
          buttonText: 'En profiter',
          buttonLink: '/subscription',
        },
      });
      assert.ok(alert.ok(), await alert.text());
      const popup = await page.request.post(`${base}/api/admin/promotional-popups`, {
        headers,
        data: {
          type: 'planner',
          isActive: true,
          title: 'Nouveau : les portfolios',
          description: '<p>Montrez vos plus beaux mariages en <strong>portfolios</strong>.</p>',
          buttonText: 'Créer un portfolio',
          buttonLink: '/portfolios',
          showOncePerUser: true,
        },
      });
      assert.ok(popup.ok(), await popup.text());

      await login(page, base, 'planner@noces.test');
      const dialog = page.getByRole('dialog', { name: 'Nouveau : les portfolios' });
      await dialog.waitFor();
      assert.equal(await dialog.locator('strong').innerText(), 'portfolios');
      assert.equal(await dialog.getByRole('link', { name: 'Créer un portfolio' }).getAttribute('href'), '/portfolios');
      await checkA11y(page);
      await shot(page, 'dashboard-popup');
      await dialog.getByRole('button', { name: 'Fermer' }).click();
      await dialog.waitFor({ state: 'detached' });
      const promo = page.getByTestId('promotional-alert');
      assert.match(await promo.innerText(), /Le Club Premium à -30 %/);
      assert.equal(await promo.getByRole('link', { name: 'En profiter' }).getAttribute('href'), '/subscription');
      await shot(page, 'dashboard-promotional-alert');
      await page.reload();
      await page.getByTestId('promotional-alert').waitFor();
      await page.waitForTimeout(800);
      assert.equal(await page.getByRole('dialog').count(), 0, 'a showOncePerUser popup is not shown again');
    }));
});
