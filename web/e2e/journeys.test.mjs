// Browser journeys against the real binary: `npm run e2e`.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { checkA11y, journey, login, shot, useServer, WIDTHS } from './harness.mjs';

const T = { timeout: 90_000 };

const server = useServer();

async function navLinks(page) {
  const nav = page.getByRole('navigation', { name: /menu principal|main menu/i });
  await nav.waitFor();
  return nav.locator('a[href]').evaluateAll((links) => links.map((a) => a.getAttribute('href')));
}

describe('sign-in', () => {
  it('the login page renders and passes axe', T, () =>
    journey({}, async (page) => {
      await page.goto(`${server.baseURL}/login`);
      await page.getByRole('heading', { level: 1, name: 'Connexion' }).waitFor();
      assert.equal(await page.locator('html').getAttribute('lang'), 'fr');
      // As it arrives, before the app: the entry enabled the button to hold a submit.
      await checkA11y(page);
      await shot(page, 'login');
      // Once the app is there, the button waits for valid fields.
      await page.mouse.move(200, 200);
      await page.waitForFunction(() => document.querySelector('form button[type="submit"]')?.disabled === true);
      await checkA11y(page);
      await shot(page, 'login-app');
    }));

  it('a wrong password shows the error', T, () =>
    journey({}, async (page) => {
      await page.goto(`${server.baseURL}/login`);
      await page.getByLabel(/e-mail/i).first().fill('planner@noces.test');
      await page.locator('input[name="password"]').fill('wrong-password');
      await page.getByRole('button', { name: 'Se connecter' }).click();
      const error = page.getByTestId('login-error');
      await error.waitFor();
      assert.match(await error.innerText(), /Identifiants invalides/);
      assert.equal(new URL(page.url()).pathname, '/login');
      await shot(page, 'login-error');
    }));
});

describe('the dashboard shell', () => {
  it('a planner sees the planner menu and the credit chip "3"', T, () =>
    journey({}, async (page) => {
      await login(page, server.baseURL, 'planner@noces.test');
      assert.equal(new URL(page.url()).pathname, '/dashboard');
      await page.getByRole('heading', { level: 1, name: /Bonjour/ }).waitFor();
      const links = await navLinks(page);
      for (const path of ['/', '/event-requests', '/videos', '/images', '/portfolios', '/company/details', '/company/address',
        '/company/services', '/portrait-experiences', '/social-networks', '/integrate-badge', '/reviews', '/subscription',
        '/credits', '/account']) {
        assert.ok(links.includes(path), `menu links to ${path}: ${links.join(', ')}`);
      }
      assert.ok(!links.includes('/venues'));
      assert.ok(!links.some((href) => href.startsWith('/admin')));
      const chip = page.getByTestId('credit-chip');
      assert.match(await chip.innerText(), /\b3\b/);
      assert.equal(await chip.getAttribute('href'), '/subscription');
      await page.getByRole('contentinfo').waitFor();
      await shot(page, 'planner-dashboard');

      // A company page: inside the shell, with its breadcrumb.
      await page.getByRole('navigation', { name: /menu principal/i }).getByRole('link', { name: 'Informations' }).click();
      await page.waitForURL('**/company/details');
      await page.getByRole('heading', { level: 1, name: "Informations de l'entreprise" }).waitFor();
      const crumbs = await page.getByRole('navigation', { name: "Fil d'Ariane" }).innerText();
      assert.match(crumbs, /Tableau de bord[\s\S]*Entreprise[\s\S]*Informations/);

      // A content page: no planner entry of the menu leads to "coming soon" any more.
      await page.getByRole('navigation', { name: /menu principal/i }).getByRole('link', { name: 'Portrait' }).click();
      await page.waitForURL('**/portrait-experiences');
      await page.getByRole('heading', { level: 1, name: 'Portrait et expériences' }).waitFor();
      assert.equal(await page.getByText('Bientôt disponible').count(), 0);
    }));

  it('a premium planner sees the premium badge and no credits item', T, () =>
    journey({}, async (page) => {
      await login(page, server.baseURL, 'premium@noces.test');
      await page.getByTestId('premium-badge').waitFor();
      assert.equal(await page.getByTestId('credit-chip').count(), 0);
      const links = await navLinks(page);
      assert.ok(!links.includes('/credits'), links.join(', '));
      assert.ok(links.includes('/subscription'));
      await shot(page, 'premium-dashboard');
    }));

  it('a venue sees the venue menu, with requests, subscription and credits', T, () =>
    journey({}, async (page) => {
      await login(page, server.baseURL, 'venue@noces.test');
      const links = await navLinks(page);
      assert.ok(links.includes('/'));
      assert.ok(links.includes('/venues'));
      for (const path of ['/event-requests', '/subscription', '/credits']) assert.ok(links.includes(path), `${path}: ${links.join(', ')}`);
      assert.ok(!links.includes('/videos'), links.join(', '));
      assert.equal(await page.getByRole('link', { name: /profil public/i }).count(), 0);
      await shot(page, 'venue-dashboard');
    }));

  it('an admin sees the admin menu', T, () =>
    journey({}, async (page) => {
      await login(page, server.baseURL, 'admin@noces.test');
      const links = await navLinks(page);
      for (const path of ['/admin/moderation', '/admin/users', '/admin/venues', '/admin/reviews', '/admin/marketing', '/admin/outbox', '/admin/audit-log']) {
        assert.ok(links.includes(path), `admin menu links to ${path}`);
      }
      // An admin's dashboard is the overview.
      await page.getByRole('heading', { level: 1, name: "Vue d'ensemble" }).waitFor();
      await page.getByTestId('figure-moderation').waitFor();
      await shot(page, 'admin-dashboard');

      // Impersonation starts from the users list, where each user has a button: the menu's entry leads there.
      await page.getByRole('link', { name: /en tant que/i }).click();
      await page.waitForURL('**/admin/users');
      await page.getByRole('heading', { level: 1, name: 'Utilisateurs' }).waitFor();
      await shot(page, 'admin-users');
    }));

  it('a planner cannot open the admin pages', T, () =>
    journey({}, async (page) => {
      await login(page, server.baseURL, 'planner@noces.test');
      await page.goto(`${server.baseURL}/admin/users`);
      await page.waitForURL((url) => url.pathname === '/');
    }));
});

describe('onboarding and errors', () => {
  it('a provider who has not finished onboarding is sent to /onboarding', T, () =>
    journey({}, async (page) => {
      await login(page, server.baseURL, 'new@noces.test');
      assert.equal(new URL(page.url()).pathname, '/onboarding');
      await page.goto(`${server.baseURL}/videos`);
      await page.waitForURL('**/onboarding');
      await page.getByRole('heading', { level: 1 }).waitFor();
      await shot(page, 'onboarding');
    }));

  it('an unknown route shows the not-found page', T, () =>
    journey({}, async (page) => {
      await page.goto(`${server.baseURL}/this/does/not/exist`);
      await page.getByRole('heading', { level: 1, name: 'Page introuvable' }).waitFor();
      assert.equal(await page.getByRole('link', { name: "Retour à l'accueil" }).getAttribute('href'), '/');
      await shot(page, 'not-found');
    }));

  it('an anonymous visitor is sent to /login', T, () =>
    journey({}, async (page) => {
      await page.goto(`${server.baseURL}/company/details`);
      await page.waitForURL('**/login');
    }));
});

describe('mobile, language and logout', () => {
  it('at 390 px the drawer opens from the app bar', T, () =>
    journey({ width: WIDTHS.mobile }, async (page) => {
      await login(page, server.baseURL, 'planner@noces.test');
      assert.equal(await page.getByRole('navigation', { name: /menu principal/i }).count(), 0);
      await page.getByRole('button', { name: 'Ouvrir le menu' }).click();
      const nav = page.getByRole('navigation', { name: /menu principal/i });
      await nav.waitFor();
      await page.waitForTimeout(400);
      await checkA11y(page);
      await page.screenshot({ path: new URL('./screenshots/mobile-drawer-390.png', import.meta.url).pathname, fullPage: false });
      await nav.getByRole('link', { name: 'Vidéos' }).click();
      await page.waitForURL('**/videos');
      await nav.waitFor({ state: 'detached' });
      await page.getByRole('heading', { level: 1, name: 'Vidéos' }).waitFor();
      await shot(page, 'mobile-videos');
    }));

  it('switching the language to English changes the texts and sets the cookie', T, () =>
    journey({}, async (page) => {
      await login(page, server.baseURL, 'planner@noces.test');
      await page.getByRole('heading', { level: 1, name: /Bonjour/ }).waitFor();
      await page.getByTestId('language-button').click();
      await page.getByRole('menuitem', { name: 'English' }).click();
      await page.getByRole('heading', { level: 1, name: /Hello/ }).waitFor();
      assert.equal(await page.locator('html').getAttribute('lang'), 'en');
      const cookies = await page.context().cookies();
      const locale = cookies.find((c) => c.name === 'locale');
      assert.equal(locale?.value, 'en');
      assert.equal(locale?.path, '/');
      assert.ok(locale.expires * 1000 > Date.now() + 360 * 24 * 3600 * 1000, 'the cookie lasts a year');
      await page.reload();
      await page.getByRole('heading', { level: 1, name: /Hello/ }).waitFor();
      await page.getByRole('navigation', { name: 'Main menu' }).getByRole('link', { name: 'Requests' }).waitFor();
      await shot(page, 'dashboard-english');
    }));

  it('logging out returns to /login and forgets the session', T, () =>
    journey({}, async (page) => {
      await login(page, server.baseURL, 'planner@noces.test');
      await page.getByRole('button', { name: 'Menu du compte' }).click();
      await page.getByRole('menuitem', { name: 'Se déconnecter' }).click();
      await page.waitForURL('**/login');
      assert.equal(await page.evaluate(() => window.localStorage.getItem('token')), null);
      await page.goto(`${server.baseURL}/dashboard`);
      await page.waitForURL('**/login');
      await shot(page, 'after-logout', { a11y: false });
    }));

  it('an expired session sends the user to /login with the message', T, () =>
    journey({}, async (page) => {
      await login(page, server.baseURL, 'planner@noces.test');
      // Set before the reloaded page's scripts run, not in the live page: a
      // call of the live page would meet the bad tokens first, send it to
      // /login with the notice, and the reload would then drop the notice.
      await page.addInitScript(() => {
        window.localStorage.setItem('token', 'not-a-valid-token');
        window.localStorage.setItem('refresh_token', 'not-a-valid-refresh-token');
      });
      await page.reload();
      await page.waitForURL('**/login');
      const notice = page.getByTestId('login-notice');
      await notice.waitFor();
      assert.match(await notice.innerText(), /session a expiré/);
    }));
});
