// Sessions and accounts (part 1 §2, §7): registration, sign-in, silent token
// refresh, revoked sessions and the password reset by e-mail. Runs against its
// own server so the sign-in throttle and the demo accounts start fresh.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { gzipSync } from 'node:zlib';
import {
  apiMe,
  apiTokens,
  checkA11y,
  gzippedScripts,
  journey,
  login,
  PASSWORD,
  shot,
  useServer,
  waitForOutbox,
  WIDTHS,
} from './harness.mjs';

const T = { timeout: 120_000 };

const server = useServer();

/**
 * Holds the app's main chunk (boot) until release() is called, so what the
 * test does meanwhile happens on the pre-rendered page, before hydration;
 * posts lists the sign-ins sent.
 */
async function holdTheApp(page) {
  let release;
  const gate = new Promise((done) => {
    release = done;
  });
  await page.route(/\/assets\/boot-[^/]*\.js$/, async (route) => {
    await gate;
    await route.continue();
  });
  const posts = [];
  page.on('request', (request) => {
    if (request.method() === 'POST' && new URL(request.url()).pathname === '/api/login_check') posts.push(request);
  });
  return { posts, release };
}

/**
 * The scripts the page asks for from the moment `engage` runs until the
 * network is idle: how many, their gzip -9 size, and in how many waves. The
 * first wave is what the page announces at once, the preload links the
 * server put in its <template> (spa.go); a script outside them is asked for
 * only once another has arrived and run: a second wave. (When each request
 * starts says nothing: the browser may start an announced preload late
 * while it compiles the first one.)
 */
async function appScripts(page, engage) {
  const announced = new Set(
    await page.$$eval('template#noces-app-preloads', (templates) =>
      templates.flatMap((t) => [...t.content.querySelectorAll('link[rel="modulepreload"]')].map((link) => new URL(link.getAttribute('href'), document.baseURI).href)),
    ),
  );
  const requests = [];
  const onRequest = (request) => {
    if (request.resourceType() === 'script') requests.push(request);
  };
  page.on('request', onRequest);
  await engage();
  await page.waitForLoadState('networkidle');
  await page.waitForTimeout(500);
  page.off('request', onRequest);
  let gzipped = 0;
  for (const request of requests) {
    const body = Buffer.from(await (await fetch(request.url())).arrayBuffer());
    gzipped += gzipSync(body, { level: 9 }).length;
  }
  const late = requests.filter((request) => !announced.has(request.url())).map((request) => new URL(request.url()).pathname);
  const waves = late.length > 0 ? 2 : requests.length > 0 ? 1 : 0;
  return { files: requests.length, gzipped, waves, late };
}

const storedToken = (page) => page.evaluate(() => window.localStorage.getItem('token'));

describe('the sign-in page', () => {
  it('shows the marketing panel and the carousel, and weighs little', T, () =>
    journey({}, async (page) => {
      const weight = await gzippedScripts(page, `${server.baseURL}/login`, (p) =>
        p.getByRole('heading', { level: 1, name: 'Connexion' }).waitFor(),
      );
      console.log(`[login page] ${weight.files} scripts, ${weight.raw} B raw, ${weight.gzipped} B gzipped`);
      // Before anyone touches it the page runs its entry only (src/entry.ts,
      // about 3 KB): the form is in the HTML, the app comes on the first
      // interaction, so the form works at once on a slow phone (at most
      // 150 KB, one wave).
      assert.ok(weight.gzipped < 150_000, `the login page loads ${weight.gzipped} B of gzipped JS`);
      assert.equal(weight.files, 1, `the login page loads ${weight.files} scripts`);
      // Then the app, in one wave: a guard against a heavy library slipping into
      // it (phone metadata, grids, charts: 40-250 KB each) and against waves.
      // Measured at 213,094 B in 5 scripts, entry included, when the bound was set.
      const app = await appScripts(page, () => page.mouse.move(200, 200));
      console.log(`[login page, once touched] ${app.files} more scripts, ${app.gzipped} B gzipped`);
      assert.ok(weight.gzipped + app.gzipped < 220_000, `the login app loads ${weight.gzipped + app.gzipped} B of gzipped JS`);
      assert.ok(app.files <= 4, `the login app loads ${app.files} scripts after the entry`);
      assert.equal(app.waves, 1, `the login app comes in ${app.waves} waves (not announced: ${app.late.join(', ')})`);
      const panel = page.getByRole('complementary', { name: /Développez votre activité/ });
      await panel.waitFor();
      const carousel = panel.getByRole('region', { name: 'Des professionnels sur Noces' });
      assert.equal(await carousel.getAttribute('aria-roledescription'), 'carrousel');
      // The harness prefers reduced motion: the carousel starts paused; the buttons move it.
      await carousel.getByRole('button', { name: 'Lancer le diaporama' }).waitFor();
      await carousel.getByRole('group', { name: '1 sur 4' }).waitFor();
      await carousel.getByRole('button', { name: 'Profil suivant' }).click();
      await carousel.getByRole('group', { name: '2 sur 4' }).waitFor();
      assert.ok(await page.getByRole('checkbox', { name: 'Se souvenir de moi' }).isChecked());
      assert.equal(await page.getByRole('link', { name: 'Créer un compte' }).getAttribute('href'), '/register');
      await checkA11y(page);
    }));

  it('asks for no chunk of the app until someone engages with the page', T, () =>
    journey({}, async (page) => {
      const scripts = [];
      page.on('request', (request) => {
        if (request.resourceType() === 'script') scripts.push(new URL(request.url()).pathname);
      });
      await page.goto(`${server.baseURL}/login`);
      await page.getByRole('heading', { level: 1, name: 'Connexion' }).waitFor();
      await page.waitForLoadState('networkidle');
      // Idle is no reason: a page nobody touches needs no app.
      await page.waitForTimeout(1_500);
      assert.equal(scripts.length, 1, `scripts before any interaction: ${scripts.join(', ')}`);
      // The entry's preload links wait in an inert template, not in <head>.
      assert.equal(await page.locator('head > link[rel="modulepreload"]').count(), 0);
      const boot = page.waitForRequest((r) => r.resourceType() === 'script' && /\/assets\/boot-/.test(r.url()));
      await page.keyboard.press('Tab');
      await boot;
    }));

  it('arrives rendered: the form is in the page the server sends, before any script runs', T, async () => {
    const res = await fetch(`${server.baseURL}/login`, { headers: { 'Accept-Language': 'fr' } });
    const html = await res.text();
    assert.match(html, /<div id="root" data-prerender="fr">/);
    assert.match(html, /<h1[^>]*>Connexion<\/h1>/);
    assert.match(html, /<input[^>]*type="email"/);
    // Its rules come with it: the browser's style cache takes them over by these ids.
    assert.match(html, /<style data-emotion="css [^"]+">/);
    // Submitting before the app hydrates must be impossible (a native submit
    // would put the password in the address): the button starts disabled.
    assert.match(html, /<button[^>]*type="submit"[^>]*disabled=""/);
  });

  it('signs in by typing and pressing Enter before the app is there, once', T, () =>
    journey({}, async (page) => {
      const { posts, release } = await holdTheApp(page);
      await page.goto(`${server.baseURL}/login`);
      await page.locator('input[name="email"]').pressSequentially('planner@noces.test');
      await page.locator('input[name="password"]').pressSequentially(PASSWORD);
      await page.locator('input[name="password"]').press('Enter');
      await page.locator('input[name="password"]').press('Enter');
      // Held: neither a native submit (the password in the address) nor a sign-in yet.
      await page.waitForTimeout(300);
      assert.equal(new URL(page.url()).pathname + new URL(page.url()).search, '/login');
      assert.equal(posts.length, 0);
      release();
      await page.waitForURL('**/dashboard');
      await page.getByRole('heading', { level: 1, name: /Bonjour Camille/ }).waitFor();
      await page.waitForTimeout(500);
      assert.equal(posts.length, 1, 'one sign-in, however many times Enter was pressed');
    }));

  it('signs in with a click on the button before the app is there', T, () =>
    journey({ width: WIDTHS.mobile }, async (page) => {
      const { posts, release } = await holdTheApp(page);
      await page.goto(`${server.baseURL}/login`);
      await page.locator('input[name="email"]').fill('planner@noces.test');
      await page.locator('input[name="password"]').fill(PASSWORD);
      await page.getByRole('button', { name: 'Se connecter' }).click();
      await page.waitForTimeout(300);
      assert.equal(posts.length, 0);
      assert.equal(new URL(page.url()).pathname + new URL(page.url()).search, '/login');
      release();
      await page.waitForURL('**/dashboard');
      await page.waitForTimeout(500);
      assert.equal(posts.length, 1);
    }));

  it('a click on "forgot password" before the app is there opens the dialog once it is', T, () =>
    journey({}, async (page) => {
      const { release } = await holdTheApp(page);
      await page.goto(`${server.baseURL}/login`);
      await page.getByTestId('forgot-password').click();
      assert.equal(await page.getByRole('dialog').count(), 0);
      release();
      await page.getByRole('dialog').waitFor();
    }));

  it('shows the ?error= message once and removes it from the address', T, () =>
    journey({}, async (page) => {
      await page.goto(`${server.baseURL}/login?error=session_expired`);
      const notice = page.getByTestId('login-notice');
      await notice.waitFor();
      assert.match(await notice.innerText(), /session a expiré/);
      await page.waitForURL((url) => url.search === '');
      assert.equal(new URL(page.url()).pathname, '/login');
      await shot(page, 'login-session-expired');
    }));

  it('a wrong password shows "invalid credentials", then the right one signs in', T, () =>
    journey({}, async (page) => {
      await page.goto(`${server.baseURL}/login`);
      await page.locator('input[name="email"]').fill('planner@noces.test');
      await page.locator('input[name="password"]').fill('Not-the-password-1');
      await page.getByRole('button', { name: 'Se connecter' }).click();
      const error = page.getByTestId('login-error');
      await error.waitFor();
      assert.match(await error.innerText(), /Identifiants invalides/);
      assert.equal(new URL(page.url()).pathname, '/login');
      await page.locator('input[name="password"]').fill(PASSWORD);
      await page.getByRole('button', { name: 'Se connecter' }).click();
      await page.waitForURL('**/dashboard');
      await page.getByRole('heading', { level: 1, name: /Bonjour Camille/ }).waitFor();
    }));
});

describe('registration', () => {
  it('a new planner registers and lands on /onboarding', T, () =>
    journey({}, async (page) => {
      await page.goto(`${server.baseURL}/register`);
      await page.getByRole('heading', { level: 1, name: 'Créer un compte' }).waitFor();
      assert.ok(await page.getByRole('radio', { name: /professionnel du mariage/ }).isChecked());
      await shot(page, 'register');

      // Sent empty: every rule shows, keyed register.validation.*.
      await page.getByRole('button', { name: 'Créer mon compte' }).click();
      await page.getByText('Veuillez accepter les conditions d\'utilisation').waitFor();
      await page.locator('input[name="phone"]').fill('0612');
      await page.locator('input[name="password"]').fill('abc');
      await page.locator('input[name="firstname"]').fill('J');
      await page.getByText('Doit contenir au moins 2 caractères').waitFor();
      await page.getByText('Le numéro de téléphone doit contenir au moins 10 caractères').waitFor();
      await shot(page, 'register-errors');

      const email = `nouvelle.${Date.now()}@noces.test`;
      await page.locator('input[name="firstname"]').fill('Juliette');
      await page.locator('input[name="lastname"]').fill("D'Arcy-Lefèvre");
      await page.locator('input[name="email"]').fill(email);
      await page.locator('select[name="phoneCountry"]').selectOption('BE');
      await page.locator('input[name="phone"]').fill('0470 12 34 56');
      await page.locator('input[name="password"]').fill('Mariage-2026!');
      await page.getByText('Robustesse : excellente').waitFor();
      await page.getByRole('checkbox', { name: /conditions d'utilisation/ }).check();
      assert.equal(await page.getByRole('link', { name: /conditions d'utilisation/ }).getAttribute('href'), '/terms');
      const registered = page.waitForResponse((r) => r.url().endsWith('/api/register'));
      await page.getByRole('button', { name: 'Créer mon compte' }).click();
      assert.equal((await registered).status(), 201);
      await page.waitForURL('**/onboarding');
      await page.getByRole('heading', { level: 1 }).waitFor();
      const token = await storedToken(page);
      assert.ok(token);
      const me = await apiMe(page.request, server.baseURL, token);
      assert.deepEqual(
        { roles: me.roles, email: me.email, phone: me.phone, locale: me.locale, firstname: me.firstname, lastname: me.lastname },
        { roles: ['ROLE_PRESTATAIRE'], email, phone: '+32470123456', locale: 'fr', firstname: 'Juliette', lastname: "D'Arcy-Lefèvre" },
      );

      // The same address again is refused under the e-mail field (409).
      await journey({}, async (second) => {
        await second.goto(`${server.baseURL}/register`);
        await second.locator('input[name="firstname"]').fill('Juliette');
        await second.locator('input[name="lastname"]').fill('Martin');
        await second.locator('input[name="email"]').fill(email);
        await second.locator('input[name="phone"]').fill('06 12 34 56 78');
        await second.locator('input[name="password"]').fill('Mariage-2026!');
        await second.getByRole('checkbox', { name: /conditions d'utilisation/ }).check();
        await second.getByRole('button', { name: 'Créer mon compte' }).click();
        await second.getByText('Cette adresse e-mail est déjà utilisée').waitFor();
        assert.equal(new URL(second.url()).pathname, '/register');
      });
    }));

  it('the terms page opens for anonymous visitors', T, () =>
    journey({ width: WIDTHS.mobile }, async (page) => {
      await page.goto(`${server.baseURL}/terms`);
      await page.getByRole('heading', { level: 1, name: "Conditions générales d'utilisation pour les professionnels" }).waitFor();
      await checkA11y(page);
    }));
});

describe('tokens', () => {
  it('an expired access token is refreshed without the user noticing', T, () =>
    journey({}, async (page) => {
      await login(page, server.baseURL, 'planner@noces.test');
      // Set before the next page's scripts run, not in the live page: a call
      // of the live page would refresh the token before the listener below.
      await page.addInitScript(() => window.localStorage.setItem('token', 'eyJhbGciOiJIUzI1NiJ9.expired.signature'));
      const refreshed = page.waitForResponse((r) => r.url().endsWith('/api/token/refresh'));
      await page.goto(`${server.baseURL}/dashboard`);
      assert.equal((await refreshed).status(), 200);
      await page.getByRole('heading', { level: 1, name: /Bonjour Camille/ }).waitFor();
      assert.equal(new URL(page.url()).pathname, '/dashboard');
      const token = await storedToken(page);
      assert.ok(token && token !== 'eyJhbGciOiJIUzI1NiJ9.expired.signature', 'a new access token is stored');
      assert.equal(await page.getByTestId('login-notice').count(), 0);
    }));

  it('a revoked refresh token sends the user to /login with the session-expired message', T, () =>
    journey({}, async (page) => {
      await login(page, server.baseURL, 'planner@noces.test');
      const refreshToken = await page.evaluate(() => window.localStorage.getItem('refresh_token'));
      // Signed out elsewhere: the refresh token is revoked on the server.
      const logout = await page.request.post(`${server.baseURL}/api/logout`, { data: { refresh_token: refreshToken } });
      assert.equal(logout.status(), 204);
      // The signed-in page still runs: its next call meets the revoked session and may clear the stored
      // tokens at any moment. The reloaded page starts from exactly this state instead, set before its
      // scripts run: an expired access token and the revoked refresh token.
      await page.addInitScript((revoked) => {
        window.localStorage.setItem('token', 'eyJhbGciOiJIUzI1NiJ9.expired.signature');
        window.localStorage.setItem('refresh_token', revoked);
      }, refreshToken);
      await page.reload();
      await page.waitForURL('**/login');
      const notice = page.getByTestId('login-notice');
      await notice.waitFor();
      assert.match(await notice.innerText(), /Votre session a expiré/);
      assert.equal(await storedToken(page), null);
    }));
});

describe('password reset', () => {
  it('asks for a link, follows it from the outbox and signs in with the new password', T, () =>
    journey({}, async (page) => {
      await page.goto(`${server.baseURL}/login`);
      await page.getByRole('button', { name: 'Mot de passe oublié ?' }).click();
      const dialog = page.getByRole('dialog', { name: 'Réinitialiser votre mot de passe' });
      await dialog.waitFor();
      const submit = dialog.getByRole('button', { name: 'Continuer' });
      assert.ok(await submit.isDisabled());
      await dialog.getByLabel(/E-mail/).fill('premium@noces.test');
      assert.ok(await submit.isEnabled());
      await shot(page, 'reset-request-dialog');
      await submit.click();
      await dialog.getByTestId('reset-request-success').waitFor();
      const sentAt = Date.now();
      await checkA11y(page);
      await shot(page, 'reset-request-sent', { a11y: false });
      // The dialog closes by itself 10 s after the success; the banner stays on the page.
      await dialog.waitFor({ state: 'detached', timeout: 20_000 });
      assert.ok(Date.now() - sentAt >= 8_000, 'the dialog stayed open about 10 s');
      await page.getByTestId('reset-sent-banner').waitFor();

      // A second request within 15 minutes: "already requested".
      await page.getByRole('button', { name: 'Mot de passe oublié ?' }).click();
      await dialog.getByLabel(/E-mail/).fill('premium@noces.test');
      await dialog.getByRole('button', { name: 'Continuer' }).click();
      await dialog.getByTestId('reset-request-already').waitFor();
      assert.match(await dialog.getByTestId('reset-request-already').innerText(), /courriers indésirables/);
      await dialog.getByRole('button', { name: 'Annuler' }).click();

      const mail = await waitForOutbox(page.request, server.baseURL, 'premium@noces.test', (item) =>
        item.text.includes('/forgot-password-reset/'),
      );
      const path = mail.text.match(/\/forgot-password-reset\/[A-Za-z0-9_-]+/)?.[0];
      assert.ok(path, 'the e-mail holds the reset link');
      await page.goto(`${server.baseURL}${path}`);
      await page.getByRole('heading', { level: 1, name: 'Réinitialiser votre mot de passe' }).waitFor();
      await page.locator('input[name="newPassword"]').fill('Nouveau-2026!');
      await page.locator('input[name="confirmPassword"]').fill('Nouveau-2026?');
      await page.getByRole('button', { name: 'Modifier mon mot de passe' }).click();
      await page.getByText('Les mots de passe ne correspondent pas').waitFor();
      await shot(page, 'reset-page');
      await page.locator('input[name="confirmPassword"]').fill('Nouveau-2026!');
      await page.getByRole('button', { name: 'Modifier mon mot de passe' }).click();
      await page.getByTestId('reset-success').waitFor();
      assert.equal(await page.locator('input[name="newPassword"]').count(), 0, 'the form is replaced');
      await shot(page, 'reset-success');

      // The link works once.
      const again = await page.request.post(`${server.baseURL}/api${path.replace('/forgot-password-reset/', '/reset-password/reset/')}`, {
        data: { newPassword: 'Encore-2026!', confirmPassword: 'Encore-2026!' },
      });
      assert.equal(again.status(), 422);

      await page.getByRole('link', { name: 'Se connecter' }).last().click();
      await page.waitForURL('**/login');
      await login(page, server.baseURL, 'premium@noces.test', 'Nouveau-2026!');
      await page.getByRole('heading', { level: 1, name: /Bonjour/ }).waitFor();
      // The old password is gone.
      await assert.rejects(apiTokens(page.request, server.baseURL, 'premium@noces.test'));
    }));
});
