// Lighthouse mobile performance of the back-office's sign-in page and of the
// dashboard signed in as the demo planner, for one or more builds of the
// binary side by side in the same run, since the machine's speed of the
// moment moves every score: `make bench-front`.
//
//   node scripts/lighthouse-bench.mjs --bin after=../bin/noces [--bin before=/tmp/noces-main] \
//     [--runs 3] [--out ../bench/results-front.md] [--json DIR]
//
// --json DIR keeps each run's Lighthouse report (DIR/<build>-<page>-<run>.json)
// to see where the time goes: critical request chains, bootup time, the LCP
// element, long tasks.
//
// Each binary serves `serve --demo` on a free port over a temporary data
// folder. The session lives in localStorage (lib/auth/token-storage.ts), so
// the dashboard run signs in through the API, writes the tokens into the
// origin's localStorage, empties the HTTP cache and runs Lighthouse with
// storage reset off: a cold load of a signed-in page. Figures are medians.
//
// --public audits the public directory instead (`make bench-public`): the French home page, a browse page and a planner's
// profile on fr.localhost, for performance, accessibility and SEO, with the
// bytes of HTML, CSS and JavaScript each page transferred and its scripts.
import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import puppeteer from 'puppeteer-core';

const args = process.argv.slice(2);
const bins = [];
let runs = 3;
let out = '';
let jsonDir = '';
let publicPages = false;
for (let i = 0; i < args.length; i++) {
  if (args[i] === '--bin') {
    const [label, path] = args[++i].split('=');
    bins.push({ label, path: resolve(path) });
  } else if (args[i] === '--runs') runs = Number(args[++i]);
  else if (args[i] === '--out') out = resolve(args[++i]);
  else if (args[i] === '--json') jsonDir = resolve(args[++i]);
  else if (args[i] === '--public') publicPages = true;
  else throw new Error(`unknown argument ${args[i]}`);
}
if (bins.length === 0) throw new Error('give at least one --bin label=path');
if (jsonDir) mkdirSync(jsonDir, { recursive: true });

const EMAIL = 'planner@noces.test';
const PASSWORD = 'Demo-2026!';
const CHROME = process.env.CHROME_PATH || '/usr/bin/chromium';
const FLAGS = ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run',
  '--disable-background-networking', '--disable-component-update', '--disable-sync'];

function freePort() {
  return new Promise((ok, fail) => {
    const srv = createServer();
    srv.on('error', fail);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address();
      srv.close(() => ok(port));
    });
  });
}

async function startServer(bin) {
  const port = await freePort();
  const data = mkdtempSync(join(tmpdir(), 'noces-front-'));
  const proc = spawn(bin, ['serve', '--demo'], {
    env: { ...process.env, NOCES_ADDR: `127.0.0.1:${port}`, NOCES_DATA_DIR: data, NOCES_LOG_LEVEL: 'warn', NOCES_DATABASE_URL: '' },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const base = `http://localhost:${port}`;
  for (let i = 0; ; i++) {
    try {
      if ((await fetch(`${base}/readyz`)).ok) break;
    } catch {
      // not listening yet
    }
    if (i > 600 || proc.exitCode !== null) throw new Error(`${bin} did not start`);
    await new Promise((r) => setTimeout(r, 100));
  }
  // --demo creates the accounts once the server answers: wait for a sign-in.
  let tokens;
  for (let i = 0; !tokens; i++) {
    const res = await fetch(`${base}/api/login_check`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ username: EMAIL, password: PASSWORD }),
    });
    if (res.ok) tokens = await res.json();
    else if (i > 100) throw new Error(`sign-in failed: ${res.status}`);
    else await new Promise((r) => setTimeout(r, 200));
  }
  return {
    base,
    tokens,
    stop() {
      proc.kill('SIGTERM');
      rmSync(data, { recursive: true, force: true });
    },
  };
}

function median(values) {
  const s = [...values].sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)];
}

/** The public pages audited with --public: the home page, a browse page, a profile of the demo. */
const PUBLIC_PAGES = [
  ['public home', '/'],
  ['browse page', '/organisateurs-de-mariage/lyon'],
  ['planner profile', '/p/camille-durand-evenements'],
];

/** One Lighthouse run; `session` writes the tokens first. */
async function audit(chrome, url, session, jsonPath) {
  const browser = await puppeteer.connect({ browserURL: `http://127.0.0.1:${chrome.port}` });
  const page = await browser.newPage();
  const origin = new URL(url).origin;
  await page.goto(`${origin}/${publicPages ? 'favicon.ico' : 'favicon.svg'}`);
  await page.evaluate((tokens) => {
    localStorage.clear();
    sessionStorage.clear();
    if (tokens) {
      localStorage.setItem('token', tokens.token);
      localStorage.setItem('refresh_token', tokens.refresh_token);
    }
  }, session ?? null);
  const cdp = await page.createCDPSession();
  await cdp.send('Network.clearBrowserCache');
  await page.close();
  await browser.disconnect();
  const result = await lighthouse(url, {
    port: chrome.port,
    onlyCategories: publicPages ? ['performance', 'accessibility', 'seo'] : ['performance'],
    disableStorageReset: true,
    logLevel: 'error',
    output: 'json',
  });
  const lhr = result.lhr;
  if (jsonPath) writeFileSync(jsonPath, JSON.stringify(lhr));
  const requests = lhr.audits['network-requests'].details.items;
  const scripts = requests.filter((r) => r.resourceType === 'Script');
  const failed = (category) =>
    lhr.categories[category]?.auditRefs
      .filter((ref) => ref.weight > 0 && lhr.audits[ref.id].score !== null && lhr.audits[ref.id].score < 1)
      .map((ref) => ref.id) ?? [];
  const pageBytes = requests
    .filter((r) => ['Document', 'Stylesheet', 'Script'].includes(r.resourceType))
    .reduce((t, r) => t + r.transferSize, 0);
  return {
    score: Math.round(lhr.categories.performance.score * 100),
    a11y: lhr.categories.accessibility ? Math.round(lhr.categories.accessibility.score * 100) : null,
    seo: lhr.categories.seo ? Math.round(lhr.categories.seo.score * 100) : null,
    failed: [...failed('accessibility'), ...failed('seo')],
    pageKB: pageBytes / 1024,
    fcp: lhr.audits['first-contentful-paint'].numericValue,
    lcp: lhr.audits['largest-contentful-paint'].numericValue,
    tbt: lhr.audits['total-blocking-time'].numericValue,
    jsKB: scripts.reduce((t, r) => t + r.transferSize, 0) / 1024,
    scripts: scripts.length,
    requests: requests.length,
    finalUrl: lhr.finalDisplayedUrl,
  };
}

const rows = [];
const chrome = await chromeLauncher.launch({ chromePath: CHROME, chromeFlags: FLAGS });
try {
  for (const { label, path } of bins) {
    const server = await startServer(path);
    try {
      const pages = publicPages
        ? PUBLIC_PAGES.map(([name, path]) => [name, path, null])
        : [['sign-in page', '/login', null], ['dashboard (planner)', '/dashboard', server.tokens]];
      // The public directory answers on the domains' hosts; Chromium
      // resolves every *.localhost name to this machine.
      const base = publicPages ? server.base.replace('//localhost:', '//fr.localhost:') : server.base;
      for (const [pageName, pathName, session] of pages) {
        const results = [];
        for (let i = 0; i < runs; i++) {
          const file = pathName.slice(1).replaceAll('/', '_') || 'home';
          const jsonPath = jsonDir ? join(jsonDir, `${label}-${file}-${i + 1}.json`) : '';
          results.push(await audit(chrome, `${base}${pathName}`, session, jsonPath));
        }
        const m = (k) => median(results.map((r) => r[k]));
        const row = { label, pageName, score: m('score'), fcp: m('fcp'), lcp: m('lcp'), tbt: m('tbt'), jsKB: m('jsKB'), scripts: m('scripts'), requests: m('requests'), scores: results.map((r) => r.score), finalUrl: results[0].finalUrl,
          a11y: m('a11y'), seo: m('seo'), pageKB: m('pageKB'), failed: [...new Set(results.flatMap((r) => r.failed))] };
        rows.push(row);
        console.log(JSON.stringify(row));
      }
    } finally {
      server.stop();
    }
  }
} finally {
  await chrome.kill();
}

if (publicPages) {
  const table = [
    '| build | page | performance (runs) | accessibility | SEO | FCP | LCP | TBT | HTML+CSS+JS transferred | scripts | requests | audits failed |',
    '|---|---|---|---|---|---|---|---|---|---|---|---|',
    ...rows.map((r) => `| ${r.label} | ${r.pageName} | ${r.score} (${r.scores.join(', ')}) | ${r.a11y} | ${r.seo} | ${(r.fcp / 1000).toFixed(2)} s | ${(r.lcp / 1000).toFixed(2)} s | ${Math.round(r.tbt)} ms | ${r.pageKB.toFixed(1)} KB | ${r.scripts} | ${r.requests} | ${r.failed.join(', ') || 'none'} |`),
  ].join('\n');
  console.log(table);
  if (out) {
    writeFileSync(out, `# Public pages: Lighthouse mobile performance, accessibility and SEO (issue #17)

\`make bench-public\`, ${new Date().toISOString().slice(0, 10)}: Lighthouse's default mobile profile
(simulated slow 4G, 4x CPU slowdown), headless Chromium, ${runs} run(s) per page,
medians; \`bin/noces serve --demo\` on SQLite, pages of fr.localhost.
"HTML+CSS+JS transferred" is what the page's documents, style sheets and scripts took on the wire.

${table}
`);
  }
  process.exit(0);
}

const table = [
  '| build | page | score (runs) | FCP | LCP | TBT | JS transferred | scripts | requests |',
  '|---|---|---|---|---|---|---|---|---|',
  ...rows.map((r) => `| ${r.label} | ${r.pageName} | ${r.score} (${r.scores.join(', ')}) | ${(r.fcp / 1000).toFixed(2)} s | ${(r.lcp / 1000).toFixed(2)} s | ${Math.round(r.tbt)} ms | ${r.jsKB.toFixed(1)} KB | ${r.scripts} | ${r.requests} |`),
].join('\n');
console.log(table);
if (out) {
  writeFileSync(out, `# Back-office first page: Lighthouse ${'13.5.0'} mobile performance (issue #16)

\`make bench-front\`, ${new Date().toISOString().slice(0, 10)}: Lighthouse's default mobile profile
(simulated slow 4G, 4x CPU slowdown), headless Chromium, ${runs} run(s) per page,
medians; each build served by \`bin/noces serve --demo\` on SQLite in the same run.
The dashboard is loaded signed in as ${EMAIL} with a cold HTTP cache.
"JS transferred" is what went over the wire (brotli or gzip as served).

${table}
`);
}
