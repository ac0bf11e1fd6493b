// The e2e harness: starts the real Go binary (`noces serve --demo`) on a free
// loopback port with a data folder of its own, copied from one seeded once
// per run (seededTemplate), launches Debian's Chromium through
// playwright-core, and gives the tests shot() and checkA11y().
//
// A test file starts with `const server = useServer();`: one server and one
// browser for the file (node --test runs each file in a process of its own),
// then each test runs `journey(options, async (page) => ...)` in a fresh
// browser context.
import { execFile, spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { cp, mkdir, mkdtemp, readdir, rename, rm, stat } from 'node:fs/promises';
import assert from 'node:assert/strict';
import { deflateSync, gzipSync } from 'node:zlib';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { after, before } from 'node:test';
import AxeBuilder from '@axe-core/playwright';
import { chromium } from 'playwright-core';

const here = dirname(fileURLToPath(import.meta.url));
const webDir = resolve(here, '..');

export const BIN = resolve(webDir, process.env.NOCES_BIN ?? '../bin/noces');
export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
export const SCREENSHOTS = join(here, 'screenshots');
export const PASSWORD = 'Demo-2026!';
export const WIDTHS = { mobile: 390, desktop: 1440 };

const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

function freePort() {
  return new Promise((resolvePort, reject) => {
    const server = createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolvePort(port));
    });
  });
}

async function waitReady(baseURL, child, logs, timeoutMs = 30_000) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`noces exited with ${child.exitCode}:\n${logs.join('')}`);
    try {
      const response = await fetch(`${baseURL}/readyz`);
      if (response.status === 200) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`noces was not ready within ${timeoutMs} ms:\n${logs.join('')}`);
}

/** Seeded folders older than this belong to no run still going: a run lasts minutes. */
const STALE_SEED_MS = 24 * 3600_000;

/** Removes the seeded folders of runs long over (never one a concurrent run may still copy). */
async function sweepStaleSeeds() {
  const now = Date.now();
  for (const name of await readdir(tmpdir())) {
    if (!name.startsWith('noces-e2e-seed')) continue;
    const path = join(tmpdir(), name);
    try {
      if (now - (await stat(path)).mtimeMs > STALE_SEED_MS) await rm(path, { recursive: true, force: true });
    } catch {
      // another run swept it first
    }
  }
}

/**
 * A data folder where `noces demo` has run, shared by the files of one run
 * (node --test runs each file in a child process of its own, hence the
 * runner's pid in the name) and one binary. Seeding takes 5 to 20 s (PNG
 * encoding, five argon2id hashes, fsyncs); copying its 1.3 MB takes
 * milliseconds, and `serve --demo` then finds every account and adds none.
 * Two files starting together may both seed: the first rename wins, and
 * the other's copy is dropped.
 */
async function seededTemplate() {
  const { mtimeMs, size } = await stat(BIN);
  const key = createHash('sha256').update(`${process.ppid} ${BIN} ${mtimeMs} ${size}`).digest('hex').slice(0, 16);
  const template = join(tmpdir(), `noces-e2e-seed-${key}`);
  if (existsSync(template)) return template;
  await sweepStaleSeeds();
  const staging = await mkdtemp(join(tmpdir(), 'noces-e2e-seeding-'));
  await new Promise((done, fail) => {
    execFile(BIN, ['demo'], { env: { ...process.env, NOCES_DATA_DIR: staging } }, (error, stdout, stderr) => {
      if (error) fail(new Error(`noces demo failed: ${error.message}\n${stdout}${stderr}`));
      else done();
    });
  });
  try {
    await rename(staging, template);
  } catch (error) {
    if (error.code !== 'ENOTEMPTY' && error.code !== 'EEXIST') throw error;
    await rm(staging, { recursive: true, force: true });
  }
  return template;
}

/**
 * Starts `noces serve --demo` on a copy of the seeded data folder; resolves when GET /readyz answers 200.
 * `env` adds variables to the server's environment.
 */
export async function startServer({ env = {} } = {}) {
  if (!existsSync(BIN)) {
    throw new Error(`No Go binary at ${BIN}: run \`make build\` (or set NOCES_BIN).`);
  }
  const port = await freePort();
  const template = await seededTemplate();
  const dataDir = await mkdtemp(join(tmpdir(), 'noces-e2e-'));
  await cp(template, dataDir, { recursive: true });
  const baseURL = `http://127.0.0.1:${port}`;
  const logs = [];
  const child = spawn(BIN, ['serve', '--demo'], {
    env: { ...process.env, ...env, NOCES_ADDR: `127.0.0.1:${port}`, NOCES_DATA_DIR: dataDir },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout.on('data', (chunk) => logs.push(chunk.toString()));
  child.stderr.on('data', (chunk) => logs.push(chunk.toString()));
  let stopping = false;
  // A server that dies under a test takes its reason with it unless it is
  // said here: the tests then only see refused connections.
  child.once('exit', (code, signal) => {
    if (!stopping) console.error(`noces exited during the tests (${code ?? signal}); its last output:\n${logs.join('').slice(-12_000)}`);
  });
  await waitReady(baseURL, child, logs);

  async function stop() {
    stopping = true;
    if (child.exitCode === null) {
      const exited = new Promise((r) => child.once('exit', r));
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
      await exited;
      clearTimeout(timer);
    }
    await rm(dataDir, { recursive: true, force: true });
  }

  return { baseURL, stop, logs };
}

/** Launches Debian's Chromium (never a downloaded browser). */
export function launchBrowser() {
  return chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_ARGS, headless: true });
}

/**
 * A fresh context (own cookies and storage) and its page. French by default,
 * as a visitor of the French domain; axe needs a page from newContext().
 * Less motion by default, so animations never race a screenshot.
 */
export async function newPage(browser, { width = WIDTHS.desktop, locale = 'fr-FR', reducedMotion = 'reduce' } = {}) {
  const context = await browser.newContext({
    viewport: { width, height: 900 },
    locale,
    reducedMotion,
  });
  const page = await context.newPage();
  page.on('pageerror', (error) => {
    console.error(`[page error] ${error.message}`);
  });
  return page;
}

/** The browser of this file's useServer(), which journey() opens its pages in. */
let fileBrowser;

/**
 * One server and one browser for the whole test file, started before its
 * first test and stopped after its last. Returns the server's record at once
 * ({ baseURL, logs, stop, browser }), filled in when the server is up, so the
 * tests can read `server.baseURL`. `env` goes to the server's environment;
 * `setUp(server)` runs once both are up, in the same hook (node:test does not
 * wait for one top-level before() hook to finish before starting the next).
 */
export function useServer({ env, setUp } = {}) {
  const server = {};
  before(async () => {
    Object.assign(server, await startServer({ env }));
    server.browser = await launchBrowser();
    fileBrowser = server.browser;
    if (setUp) await setUp(server);
  });
  after(async () => {
    await server.browser?.close();
    await server.stop?.();
  });
  return server;
}

/**
 * Runs `fn(page)` in a fresh browser context (own cookies and storage) of the
 * file's browser, closed afterwards whatever happens. The options are
 * newPage()'s, plus `stepTimeout`: each step's own timeout (Playwright's
 * default timeout for the page), so a failing step says which one before the
 * test's timeout does.
 */
export async function journey({ stepTimeout, ...options } = {}, fn) {
  if (!fileBrowser) throw new Error('journey() needs the browser of useServer(), called at the top of the test file');
  const page = await newPage(fileBrowser, options);
  if (stepTimeout) page.setDefaultTimeout(stepTimeout);
  try {
    return await fn(page);
  } finally {
    await page.context().close();
  }
}

/**
 * Waits for two frames, so a resize's re-render and layout are done, then for
 * the transitions under way (a dialog fading in): axe measures a half-faded
 * text's contrast against the colours it has at that instant. Endless
 * animations (spinners) are not waited for.
 */
async function settle(page) {
  await page.evaluate(async () => {
    await new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done)));
    const finite = document.getAnimations().filter((a) => a.effect?.getComputedTiming().endTime !== Infinity);
    await Promise.all(finite.map((a) => a.finished.catch(() => undefined)));
  });
}

/** What axe would see: the address, the width and a hash of the whole DOM. */
function screenKey(page) {
  return page.evaluate(() => {
    const html = document.documentElement.outerHTML;
    let hash = 0;
    for (let i = 0; i < html.length; i += 1) hash = (Math.imul(hash, 31) + html.charCodeAt(i)) | 0;
    return `${location.href} ${window.innerWidth} ${html.length}:${hash}`;
  });
}

/** Per page: the screens axe has passed (screenKey), and the paths shown at both widths. */
const checked = new WeakMap();
function checksOf(page) {
  if (!checked.has(page)) checked.set(page, { screens: new Set(), paths: new Set() });
  return checked.get(page);
}

/** A page's path with its ids (UUIDs, numbers) folded, so /requests/1 and /requests/2 are one layout. */
function layoutOf(page) {
  const url = new URL(page.url());
  const path = url.pathname.replace(/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/gi, ':id').replace(/\/\d+(?=\/|$)/g, '/:n');
  return `${url.host}${path}`;
}

/**
 * Saves the page at 390 px and 1440 px wide into e2e/screenshots/<name>-<width>.png.
 * With { a11y: true } (the default) axe checks the screen first: at both
 * widths the first time this page shows its layout (its path), then at 390 px
 * only (a dialog or a later state of a layout already seen at both widths),
 * and never twice on the very same DOM at the same width (a test's own
 * checkA11y() just before counts). The width the page had comes last, so the
 * test goes on as it was.
 */
export async function shot(page, name, { a11y = true } = {}) {
  await mkdir(SCREENSHOTS, { recursive: true });
  const original = page.viewportSize();
  const widths = original?.width === WIDTHS.mobile ? [WIDTHS.desktop, WIDTHS.mobile] : [WIDTHS.mobile, WIDTHS.desktop];
  const checks = checksOf(page);
  const layout = layoutOf(page);
  const bothWidths = !checks.paths.has(layout);
  for (const width of widths) {
    await page.setViewportSize({ width, height: 900 });
    await settle(page);
    if (a11y && (bothWidths || width === WIDTHS.mobile)) await checkA11y(page);
    await page.screenshot({ path: join(SCREENSHOTS, `${name}-${width}.png`), fullPage: true });
  }
  if (a11y && bothWidths) checks.paths.add(layout);
  if (original && original.width !== widths[widths.length - 1]) {
    await page.setViewportSize(original);
    await settle(page);
  }
}

/** axe-core's script, put into a page once per document by axeInPage. */
const AXE_SOURCE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

/**
 * axe on a page without frames, run in the page itself: the script is put
 * in once per document (a single-page app keeps it across its routes), where
 * AxeBuilder injected and configured it again for every check, about 0.3 s
 * of a 0.65 to 0.9 s check. Only violations are asked for: axe then builds
 * no selectors for the passes and the rest, and still lists every node of a
 * violation.
 */
async function axeInPage(page, include) {
  if (!(await page.evaluate(() => typeof window.axe?.run === 'function'))) await page.evaluate(AXE_SOURCE);
  return page.evaluate(async (selector) => {
    const { violations } = await window.axe.run(selector ? { include: [selector] } : document, { resultTypes: ['violations'] });
    return violations.map(({ id, impact, help, nodes }) => ({ id, impact, help, nodes: nodes.map(({ target, failureSummary }) => ({ target, failureSummary })) }));
  }, include ?? null);
}

/**
 * axe through AxeBuilder, which gathers each frame's results: for pages
 * with frames (the outbox's sandboxed e-mail, a podcast or video player).
 */
async function axeWithFrames(page, include) {
  let builder = new AxeBuilder({ page }).options({ resultTypes: ['violations'] });
  if (include) builder = builder.include(include);
  return (await builder.analyze()).violations;
}

/** Fails on any serious or critical axe violation; returns the others for information. */
export async function checkA11y(page, { include } = {}) {
  // The very same DOM at the same width already passed (a shot() right after a test's own check).
  const key = `${include ?? ''} ${await screenKey(page)}`;
  const { screens } = checksOf(page);
  if (screens.has(key)) return [];
  await settle(page);
  const violations = page.frames().length === 1 ? await axeInPage(page, include) : await axeWithFrames(page, include);
  const blocking = violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  if (blocking.length > 0) {
    const details = blocking
      .map((v) => `${v.impact} ${v.id}: ${v.help}\n${v.nodes.map((n) => `  - ${n.target.join(' ')}: ${n.failureSummary}`).join('\n')}`)
      .join('\n');
    throw new Error(`axe found ${blocking.length} serious/critical violation(s) on ${page.url()}:\n${details}`);
  }
  screens.add(key);
  return violations;
}

/** A JSON call to the API of baseURL in French: { status, body } (body parsed, null when empty). */
export async function callApi(baseURL, method, path, { token, body } = {}) {
  const response = await fetch(`${baseURL}${path}`, {
    method,
    headers: { 'Content-Type': 'application/json', 'Accept-Language': 'fr', ...(token ? { Authorization: `Bearer ${token}` } : {}) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  return { status: response.status, body: text ? JSON.parse(text) : null };
}

/** A SIRET the Luhn and La Poste rules accept, which no register here confirms. */
export const TEST_SIRET = '73282932000074';

/**
 * A French planner registered and onboarded through the API (Lyon, full
 * planning, French): it waits for moderation. Returns its token and id.
 */
export async function onboardedPlanner(baseURL, company, email) {
  const registered = await callApi(baseURL, 'POST', '/api/register', {
    body: { email, phone: '+33 6 12 34 56 78', firstname: 'Inès', lastname: 'Garnier', password: PASSWORD, role: 'ROLE_PRESTATAIRE', tosIsAccepted: true, locale: 'fr' },
  });
  assert.equal(registered.status, 201, JSON.stringify(registered.body));
  const finished = await callApi(baseURL, 'POST', '/api/onboarding/finish', {
    token: registered.body.token,
    body: {
      company: {
        name: company,
        siret: TEST_SIRET,
        address: { zipcode: '69002', city: 'Lyon', countryCode: 'FR', latitude: 45.7485, longitude: 4.8467 },
        prestations: [4],
        langues: [4],
        dateOfCreation: '2016-04-01',
      },
    },
  });
  assert.equal(finished.status, 201, JSON.stringify(finished.body));
  return { token: registered.body.token, id: finished.body.id };
}

/** Signs in through the real form and waits to leave /login. */
export async function login(page, baseURL, email, password = PASSWORD) {
  await page.goto(`${baseURL}/login`);
  await page.getByLabel(/e-mail|email/i).first().fill(email);
  await page.locator('input[name="password"]').fill(password);
  await page.locator('form button[type="submit"]').click();
  await page.waitForURL((url) => !url.pathname.startsWith('/login'), { timeout: 15_000 });
}

/** Signs in through the API (no browser form): the {token, refresh_token} pair. */
export async function apiTokens(request, baseURL, email, password = PASSWORD) {
  const response = await request.post(`${baseURL}/api/login_check`, { data: { username: email, password } });
  if (!response.ok()) throw new Error(`sign-in of ${email} failed: ${response.status()} ${await response.text()}`);
  return response.json();
}

/** GET /api/me with a token of its own. */
export async function apiMe(request, baseURL, token) {
  const response = await request.get(`${baseURL}/api/me`, { headers: { Authorization: `Bearer ${token}` } });
  if (!response.ok()) throw new Error(`GET /api/me failed: ${response.status()}`);
  return response.json();
}

/**
 * The outbox for one recipient, newest first, read by the demo admin through
 * GET /api/admin/outbox?to=... Waits until `match` finds a message.
 */
export async function waitForOutbox(request, baseURL, to, match, { timeoutMs = 10_000 } = {}) {
  const { token } = await apiTokens(request, baseURL, 'admin@noces.test');
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const response = await request.get(`${baseURL}/api/admin/outbox?to=${encodeURIComponent(to)}`, {
      headers: { Authorization: `Bearer ${token}` },
    });
    if (!response.ok()) throw new Error(`GET /api/admin/outbox failed: ${response.status()}`);
    const { items } = await response.json();
    const found = items.find(match);
    if (found) return found;
    if (Date.now() > deadline) throw new Error(`no matching message for ${to} in the outbox: ${JSON.stringify(items.map((i) => i.subject || i.text))}`);
    await new Promise((r) => setTimeout(r, 250));
  }
}

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k += 1) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});

function crc32(buffer) {
  let c = 0xffffffff;
  for (const byte of buffer) c = CRC_TABLE[(c ^ byte) & 0xff] ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}

function pngChunk(type, data) {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

/** A real PNG of width x height (a diagonal gradient), for upload journeys. */
export function pngImage(width, height) {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 8; // bit depth
  header[9] = 2; // truecolour RGB
  const rows = [];
  for (let y = 0; y < height; y += 1) {
    const row = Buffer.alloc(1 + width * 3);
    for (let x = 0; x < width; x += 1) {
      row[1 + x * 3] = 123;
      row[2 + x * 3] = Math.round((x / width) * 200);
      row[3 + x * 3] = Math.round((y / height) * 200);
    }
    rows.push(row);
  }
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pngChunk('IHDR', header),
    pngChunk('IDAT', deflateSync(Buffer.concat(rows))),
    pngChunk('IEND', Buffer.alloc(0)),
  ]);
}

/**
 * The JavaScript files a page loads to show `url` (until `ready` resolves and
 * the network is idle), and their total size gzipped at level 9.
 */
export async function gzippedScripts(page, url, ready = async () => undefined) {
  const scripts = new Set();
  const onRequest = (request) => {
    if (request.resourceType() === 'script') scripts.add(request.url());
  };
  page.on('request', onRequest);
  await page.goto(url);
  await ready(page);
  await page.waitForLoadState('networkidle');
  page.off('request', onRequest);
  let raw = 0;
  let gzipped = 0;
  for (const scriptUrl of scripts) {
    const body = Buffer.from(await (await fetch(scriptUrl)).arrayBuffer());
    raw += body.length;
    gzipped += gzipSync(body, { level: 9 }).length;
  }
  return { files: scripts.size, raw, gzipped };
}
