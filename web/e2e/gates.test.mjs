// Moderation gates against the real binary: a planner waiting for moderation
// who opens /event-requests and /credits by URL is told why (and what is
// missing) instead of the screens, with no offer to buy or subscribe, and the
// server refuses the gated actions; a planner approved while the SIRET
// register has not confirmed the company gets the e-mail that says so, and
// no "view my public profile" link but the reason.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { apiMe, apiTokens, callApi, journey, login, onboardedPlanner, shot, useServer, waitForOutbox } from './harness.mjs';

const T = { timeout: 180_000 };

const server = useServer();
const api = (method, path, options) => callApi(server.baseURL, method, path, options);
const newPlanner = (company, email) => onboardedPlanner(server.baseURL, company, email);


const menu = (page) => page.getByRole('navigation', { name: /menu principal/i });

/** The links of the page's main content (the screen, not the menu). */
async function contentLinks(page) {
  return page
    .locator('main')
    .getByRole('link')
    .evaluateAll((links) => links.map((link) => link.getAttribute('href')));
}

describe('the moderation gates', () => {
  it('a planner waiting for moderation opens /event-requests and /credits by URL and is told why', T, () =>
    journey({}, async (page) => {
      const base = server.baseURL;
      const email = `gates-waiting-${Date.now()}@noces.test`;
      const { token } = await newPlanner('Atelier Patience', email);

      // The server refuses what the screens would offer.
      for (const [method, path, body] of [
        ['POST', '/api/credits/buy', { credits: 1, price: 30 }],
        ['POST', '/api/subscription/subscribe', { plan: 'premium_monthly' }],
      ]) {
        const refused = await api(method, path, { token, body });
        assert.equal(refused.status, 403, `${path}: ${JSON.stringify(refused.body)}`);
        assert.equal(refused.body.error, 'account.errors.not_moderated');
        assert.match(refused.body.message, /en attente de validation/);
      }
      const me = await apiMe(page.request, base, token);
      assert.equal(me.publicUrl, null);
      assert.equal(me.publicProfileHidden, 'not_moderated');

      await login(page, base, email);
      for (const [path, title, name] of [
        ['/event-requests', 'Demandes', 'gates-requests-waiting'],
        ['/credits', 'Crédits', 'gates-credits-waiting'],
      ]) {
        await page.goto(`${base}${path}`);
        const gate = page.getByTestId('moderation-gate');
        await gate.waitFor();
        assert.equal(new URL(page.url()).pathname, path, 'the address stays, the screen explains');
        await gate.getByRole('heading', { level: 1, name: title }).waitFor();
        await gate.getByText('Votre profil est en attente de modération').waitFor();
        await gate.getByText(`${title} s'ouvre dès que notre équipe a validé votre profil.`, { exact: false }).waitFor();
        await gate.getByText("La validation par l'équipe Noces").waitFor();
        // What is missing: the SIRET the register has not confirmed, with where to fix it.
        await gate.getByTestId('moderation-siret').waitFor();
        assert.equal(await gate.getByRole('link', { name: 'Vérifier mon SIRET' }).getAttribute('href'), '/company/details');
        // No premium call to action anywhere on the screen.
        const links = await contentLinks(page);
        assert.ok(!links.includes('/subscription') && !links.includes('/credits'), `links: ${links.join(', ')}`);
        assert.equal(await page.locator('main').getByRole('button', { name: /acheter|abonner|débloquer|premium/i }).count(), 0);
        // The menu shows the gated entries locked, the public profile unavailable with its reason.
        for (const label of ['Demandes', 'Abonnement', 'Crédits']) {
          assert.equal(await menu(page).getByRole('link', { name: label, exact: true }).count(), 0, `${label} is a link`);
        }
        await menu(page).getByTestId('public-profile-hint').filter({ hasText: 'Disponible après validation.' }).waitFor();
        assert.equal(await menu(page).getByRole('link', { name: /profil public/i }).count(), 0);
        // The credit chip states the balance without leading to the subscription.
        assert.equal(await page.getByTestId('credit-chip').first().getAttribute('href'), null);
        await shot(page, name);
      }
    }));

  it('a planner approved before the register confirms the SIRET is told so, and gets no public profile link', T, () =>
    journey({}, async (page) => {
      const base = server.baseURL;
      const email = `gates-siret-${Date.now()}@noces.test`;
      const { token, id } = await newPlanner('Atelier Registre', email);
      const admin = await apiTokens(page.request, base, 'admin@noces.test');
      const approved = await api('POST', `/api/admin/users/${id}/approve`, { token: admin.token });
      assert.equal(approved.status, 200, JSON.stringify(approved.body));

      // The e-mail says what is missing, not that the listing is live.
      const mail = await waitForOutbox(page.request, base, email, (m) => /validée/.test(m.subject ?? ''));
      assert.equal(mail.subject, 'Votre fiche est validée – encore une étape avant sa mise en ligne');
      assert.match(mail.text ?? mail.bodyText ?? JSON.stringify(mail), /SIRET/);
      assert.doesNotMatch(JSON.stringify(mail), /\/p\/atelier-registre/);

      const me = await apiMe(page.request, base, token);
      assert.equal(me.isModerated, true);
      assert.equal(me.publicUrl, null);
      assert.equal(me.publicProfileHidden, 'siret_unverified');

      await login(page, base, email);
      await page.getByRole('heading', { level: 1 }).first().waitFor();
      assert.equal(await menu(page).getByRole('link', { name: /profil public/i }).count(), 0, 'a link to a page that answers 404');
      const hint = menu(page).getByTestId('public-profile-hint');
      await hint.filter({ hasText: 'Masqué : SIRET pas encore confirmé.' }).waitFor();
      assert.equal(await hint.getByRole('link', { name: 'Vérifier mon SIRET' }).getAttribute('href'), '/company/details');
      await shot(page, 'gates-siret-hidden');

      // Moderated: the gated screens open.
      await page.goto(`${base}/event-requests`);
      await page.getByRole('heading', { level: 1, name: 'Demandes' }).waitFor();
      assert.equal(await page.getByTestId('moderation-gate').count(), 0);
      await menu(page).getByRole('link', { name: 'Demandes', exact: true }).waitFor();
    }));
});
