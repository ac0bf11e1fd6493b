// The e2e harness: starts the real Go binary (`noces serve --demo`) on a free
// loopback port with a fresh data folder, launches Debian's Chromium through
// playwright-core, and gives the tests shot() and checkA11y().
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import { deflateSync, gzipSync } from 'node:zlib';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
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

/** Starts `noces serve --demo`; resolves when GET /readyz answers 200. */
export async function startServer() {
  if (!existsSync(BIN)) {
    throw new Error(`No Go binary at ${BIN}: run \`make build\` (or set NOCES_BIN).`);
  }
  const port = await freePort();
  const dataDir = await mkdtemp(join(tmpdir(), 'noces-e2e-'));
  const baseURL = `http://127.0.0.1:${port}`;
  const logs = [];
  const child = spawn(BIN, ['serve', '--demo'], {
    env: { ...process.env, NOCES_ADDR: `127.0.0.1:${port}`, NOCES_DATA_DIR: dataDir },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout.on('data', (chunk) => logs.push(chunk.toString()));
  child.stderr.on('data', (chunk) => logs.push(chunk.toString()));
  await waitReady(baseURL, child, logs);

  async function stop() {
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

/**
 * Saves the page at 390 px and 1440 px wide into e2e/screenshots/<name>-<width>.png.
 * With { a11y: true } (the default) axe checks the page at each width first.
 */
export async function shot(page, name, { a11y = true } = {}) {
  await mkdir(SCREENSHOTS, { recursive: true });
  const original = page.viewportSize();
  for (const width of [WIDTHS.mobile, WIDTHS.desktop]) {
    await page.setViewportSize({ width, height: 900 });
    await page.waitForTimeout(300);
    if (a11y) await checkA11y(page);
    await page.screenshot({ path: join(SCREENSHOTS, `${name}-${width}.png`), fullPage: true });
  }
  if (original) await page.setViewportSize(original);
  await page.waitForTimeout(200);
}

/** Fails on any serious or critical axe violation; returns the others for information. */
export async function checkA11y(page, { include } = {}) {
  let builder = new AxeBuilder({ page });
  if (include) builder = builder.include(include);
  const { violations } = await builder.analyze();
  const blocking = violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  if (blocking.length > 0) {
    const details = blocking
      .map((v) => `${v.impact} ${v.id}: ${v.help}\n${v.nodes.map((n) => `  - ${n.target.join(' ')}: ${n.failureSummary}`).join('\n')}`)
      .join('\n');
    throw new Error(`axe found ${blocking.length} serious/critical violation(s) on ${page.url()}:\n${details}`);
  }
  return violations;
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
