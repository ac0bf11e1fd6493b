// Social networks: a planner saves profile links and a wrong one is refused
// with nothing saved; the Instagram card says the sync is unavailable on a
// server without an Instagram app; then, on a server whose NOCES_INSTAGRAM_*
// settings point at a fake Instagram started here (the real requests and
// replies of the Instagram API with Instagram Login), the premium planner
// connects, sees the synced posts on the screen and on the public page, and
// revokes.
import assert from 'node:assert/strict';
import { createServer } from 'node:http';
import { after, before, describe, it } from 'node:test';
import { callApi, journey, login, pngImage, shot, startServer, useServer } from './harness.mjs';

const T = { timeout: 240_000 };
const APP_ID = '990602627938098';
const APP_SECRET = 'e2e-fake-app-secret';

const server = useServer();

/** A fake Instagram: authorisation window, code exchange, long-lived token, refresh, /me/media with paging, pictures. */
async function startFakeInstagram() {
  const codes = new Map();
  const tokens = new Set();
  let serial = 0;
  const calls = [];
  let base = '';
  const posts = Array.from({ length: 9 }, (_, i) => ({
    id: `1790${i}`,
    caption: `Mariage n°${i + 1} dans les vignes #weddingplanner`,
    media_type: ['IMAGE', 'CAROUSEL_ALBUM', 'VIDEO'][i % 3],
    permalink: `https://www.instagram.com/p/E2E${i}/`,
    timestamp: `2026-11-${String(20 - i).padStart(2, '0')}T10:00:00+0000`,
  }));
  const pictures = new Map();
  const json = (res, status, body) => {
    res.writeHead(status, { 'Content-Type': 'application/json' });
    res.end(JSON.stringify(body));
  };
  const expired = (res) =>
    json(res, 400, { error: { message: 'Error validating access token: Session has expired', type: 'OAuthException', code: 190, fbtrace_id: 'E2E' } });
  const http = createServer(async (req, res) => {
    const url = new URL(req.url, base);
    const q = url.searchParams;
    calls.push(url.pathname);
    if (req.method === 'GET' && url.pathname === '/oauth/authorize') {
      assert.equal(q.get('client_id'), APP_ID);
      assert.equal(q.get('response_type'), 'code');
      const code = `AQB-e2e-${(serial += 1)}`;
      codes.set(code, q.get('redirect_uri'));
      const back = new URL(q.get('redirect_uri'));
      back.searchParams.set('code', code);
      back.searchParams.set('state', q.get('state'));
      res.writeHead(302, { Location: `${back}#_` });
      res.end();
      return;
    }
    if (req.method === 'POST' && url.pathname === '/oauth/access_token') {
      let raw = '';
      for await (const chunk of req) raw += chunk;
      const form = new URLSearchParams(raw);
      const redirect = codes.get(form.get('code'));
      if (form.get('client_secret') !== APP_SECRET || form.get('grant_type') !== 'authorization_code' || redirect !== form.get('redirect_uri')) {
        json(res, 400, { error_type: 'OAuthException', code: 400, error_message: 'Invalid authorization code' });
        return;
      }
      codes.delete(form.get('code'));
      const token = `IGAAshort${(serial += 1)}`;
      tokens.add(token);
      json(res, 200, { data: [{ access_token: token, user_id: '17841400008460056', permissions: 'instagram_business_basic' }] });
      return;
    }
    if (url.pathname === '/access_token' || url.pathname === '/refresh_access_token') {
      if (!tokens.has(q.get('access_token'))) return expired(res);
      const token = `IGAAlong${(serial += 1)}`;
      tokens.add(token);
      json(res, 200, { access_token: token, token_type: 'bearer', expires_in: 5183944 });
      return;
    }
    if (url.pathname === '/me/media') {
      if (!tokens.has(q.get('access_token'))) return expired(res);
      const start = Number(q.get('after') ?? 0);
      const page = posts.slice(start, start + 4).map((p, i) => {
        const n = start + i;
        const picture = `${base}/pics/${n}.png`;
        return p.media_type === 'VIDEO' ? { ...p, media_url: `${base}/v.mp4`, thumbnail_url: picture } : { ...p, media_url: picture };
      });
      const body = { data: page, paging: { cursors: { before: String(start), after: String(start + 4) } } };
      if (start + 4 < posts.length) {
        const next = new URL('/me/media', base);
        for (const k of ['fields', 'access_token', 'limit']) next.searchParams.set(k, q.get(k) ?? '');
        next.searchParams.set('after', String(start + 4));
        body.paging.next = next.toString();
      }
      json(res, 200, body);
      return;
    }
    const pic = url.pathname.match(/^\/pics\/(\d+)\.png$/);
    if (pic) {
      const n = Number(pic[1]);
      if (!pictures.has(n)) pictures.set(n, pngImage(480 + n * 10, 480));
      res.writeHead(200, { 'Content-Type': 'image/png' });
      res.end(pictures.get(n));
      return;
    }
    json(res, 404, { error: { message: 'Unknown path', type: 'OAuthException', code: 803 } });
  });
  await new Promise((resolve) => http.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${http.address().port}`;
  return { base, calls, close: () => new Promise((resolve) => http.close(resolve)) };
}

async function tokenOf(baseURL, email) {
  const r = await callApi(baseURL, 'POST', '/api/login_check', { body: { username: email, password: 'Demo-2026!' } });
  assert.equal(r.status, 200);
  return r.body.token;
}

describe('social networks', () => {
  it('saves the links, refuses a wrong one with nothing saved, and shows Instagram as unavailable', T, () =>
    journey({ stepTimeout: 15_000 }, async (page) => {
      await login(page, server.baseURL, 'planner@noces.test');
      await page.goto(`${server.baseURL}/social-networks`);
      await page.getByRole('heading', { level: 1, name: 'Réseaux sociaux' }).waitFor();
      await page.getByTestId('instagram-unavailable').waitFor();
      await shot(page, 'social-networks');

      const before = (await callApi(server.baseURL, 'GET', '/api/social-networks', { token: await tokenOf(server.baseURL, 'planner@noces.test') })).body;
      await page.getByLabel('LinkedIn').fill('https://www.linkedin.com/feed/');
      await page.getByLabel('TikTok').fill('tiktok.com/@camille.durand');
      await page.getByRole('button', { name: 'Enregistrer' }).click();
      await page.getByTestId('social-invalid-urls').waitFor();
      await page.getByText(/linkedin\.com\/in\/votrenom/).waitFor();
      await shot(page, 'social-networks-refused');
      const unchanged = (await callApi(server.baseURL, 'GET', '/api/social-networks', { token: await tokenOf(server.baseURL, 'planner@noces.test') })).body;
      assert.deepEqual(unchanged, before, 'a refused form saved something');

      await page.getByLabel('LinkedIn').fill('fr.linkedin.com/company/camille-durand-evenements');
      await page.getByRole('button', { name: 'Enregistrer' }).click();
      await page.getByText('Vos réseaux sociaux sont enregistrés').waitFor();
      const saved = (await callApi(server.baseURL, 'GET', '/api/social-networks', { token: await tokenOf(server.baseURL, 'planner@noces.test') })).body;
      assert.equal(saved.snLinkedIn, 'https://www.linkedin.com/company/camille-durand-evenements');
      assert.equal(saved.snTikTok, 'https://www.tiktok.com/@camille.durand');
      assert.equal(await page.getByLabel('LinkedIn').inputValue(), 'https://www.linkedin.com/company/camille-durand-evenements');
    }));
});

describe('Instagram sync against a fake Instagram', () => {
  let fake;
  let synced;
  before(async () => {
    fake = await startFakeInstagram();
    synced = await startServer({
      env: {
        NOCES_INSTAGRAM_APP_ID: APP_ID,
        NOCES_INSTAGRAM_APP_SECRET: APP_SECRET,
        NOCES_INSTAGRAM_AUTHORIZE_URL: `${fake.base}/oauth/authorize`,
        NOCES_INSTAGRAM_TOKEN_URL: `${fake.base}/oauth/access_token`,
        NOCES_INSTAGRAM_GRAPH_URL: fake.base,
      },
    });
  });
  after(async () => {
    await synced?.stop();
    await fake?.close();
  });

  it('a free planner is offered premium', T, () =>
    journey({ stepTimeout: 15_000 }, async (page) => {
      await login(page, synced.baseURL, 'planner@noces.test');
      await page.goto(`${synced.baseURL}/social-networks`);
      await page.getByTestId('instagram-premium').waitFor();
      await page.getByRole('link', { name: 'Découvrir premium' }).waitFor();
      await shot(page, 'social-instagram-free');
    }));

  it('a premium planner connects, sees the posts on the screen and the public page, and revokes', T, () =>
    journey({ stepTimeout: 20_000 }, async (page) => {
      await login(page, synced.baseURL, 'premium@noces.test');
      await page.goto(`${synced.baseURL}/social-networks`);
      const card = page.getByTestId('instagram-card');
      await card.getByText('Non synchronisé').waitFor();
      await shot(page, 'social-instagram-not-synced');

      await card.getByRole('button', { name: 'Connecter Instagram' }).click();
      // Through the fake window and the callback, back on the screen with the ticket redeemed.
      await page.getByTestId('instagram-posts').waitFor();
      assert.equal(new URL(page.url()).search, '', 'the ticket stayed in the address bar');
      assert.ok(fake.calls.includes('/oauth/access_token') && fake.calls.includes('/access_token'), fake.calls.join(' '));
      assert.ok(fake.calls.filter((c) => c === '/me/media').length >= 2, 'paging not followed');
      await card.getByText('Synchronisé', { exact: true }).waitFor();
      await card.getByText(/Dernière synchronisation/).waitFor();
      assert.equal(await page.getByTestId('instagram-posts').locator('img').count(), 9);
      await page.getByText('Votre compte Instagram est connecté').waitFor();
      await shot(page, 'social-instagram-synced');

      const publicPage = `${synced.baseURL.replace('127.0.0.1', 'fr.localhost')}/p/maison-moreau-mariages`;
      await page.goto(publicPage);
      const section = page.locator('#instagram');
      await section.getByRole('heading', { name: 'Instagram' }).waitFor();
      assert.equal(await section.locator('img').count(), 9);
      assert.equal(await section.locator('a[href="https://www.instagram.com/p/E2E0/"]').count(), 1);
      assert.match((await section.locator('img').first().getAttribute('src')) ?? '', /^\/media\/instagram\//);
      await section.scrollIntoViewIfNeeded();
      await shot(page, 'social-instagram-public');

      await page.goto(`${synced.baseURL}/social-networks`);
      await card.getByRole('button', { name: 'Déconnecter' }).click();
      const dialog = page.getByRole('dialog');
      await dialog.getByText(/disparaîtront de votre page publique/).waitFor();
      await shot(page, 'social-instagram-revoke');
      await dialog.getByRole('button', { name: 'Déconnecter' }).click();
      await card.getByText('Non synchronisé').waitFor();
      assert.equal(await page.getByTestId('instagram-posts').count(), 0);
      await page.goto(publicPage);
      await page.getByRole('heading', { level: 1 }).waitFor();
      assert.equal(await page.locator('#instagram').count(), 0);
    }));
});
