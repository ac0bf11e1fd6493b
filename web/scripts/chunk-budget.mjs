// Fails the build when the JavaScript a user downloads grows past its budget
// (chunk-budget.json). The first page is what the pre-rendered sign-in page
// loads before anyone touches it: the entry and its static imports (the app
// comes on the first interaction, src/entry.ts). The sign-in app is what it
// loads then, and what any page loads before its first route: the entry, the
// app it imports, the sign-in route's chunks and the core texts of the
// heaviest language. All gzipped at -9 file by file as the server stores
// them. Each budgeted route's own chunk is checked too, and its "download"
// (its chunk and whatever it imports that the signed-in shell has not loaded
// yet) is reported, so a heavy library that only one route needs (the
// editor, the crop tool) is seen where it lands.
// It runs in every `vite build`, hence in `make build` and `make test`.
// CHUNK_REPORT=1 prints every route's figures.
import { readFileSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import { bootClosure, chunkClosure, chunkOf, coreTextChunks } from './build-assets.mjs';

const KB = 1024;

/** Gzip size as the server stores it (web/scripts/build-assets.mjs). */
function gz(code) {
  return gzipSync(code, { level: 9 }).length;
}

/** The entry chunk of a bundle. */
function entryOf(bundle) {
  return Object.values(bundle).find((c) => c.type === 'chunk' && c.isEntry)?.fileName;
}

/**
 * The first page of a bundle: the entry and what it imports statically,
 * every script the pre-rendered sign-in page runs before an interaction.
 */
export function firstPage(bundle, size) {
  const files = chunkClosure(bundle, entryOf(bundle));
  return { files, bytes: [...files].reduce((total, name) => total + size(name), 0) };
}

/**
 * The sign-in app of a bundle: its files (entry, app, sign-in route, the
 * heaviest core texts) and their gzipped sizes.
 */
export function signinApp(bundle, route, size) {
  const routeChunk = chunkOf(bundle, route);
  if (!routeChunk) throw new Error(`chunk-budget.json names ${route}, which is no chunk of the build`);
  const files = new Set([...bootClosure(bundle, entryOf(bundle)), ...chunkClosure(bundle, routeChunk)]);
  const texts = Object.values(coreTextChunks(bundle));
  if (texts.length === 0) throw new Error('no core text chunk (src/locales/<lang>.json) in the build');
  const heaviest = texts.reduce((a, b) => (size(a) >= size(b) ? a : b));
  for (const name of chunkClosure(bundle, heaviest)) files.add(name);
  return { files, bytes: [...files].reduce((total, name) => total + size(name), 0) };
}

/** A Vite plugin: checks the budgets of budgetFile once the bundle is written. */
export function chunkBudget(budgetFile) {
  const budget = JSON.parse(readFileSync(budgetFile, 'utf8'));
  return {
    name: 'noces-chunk-budget',
    apply: 'build',
    generateBundle(_options, bundle) {
      const sizes = new Map();
      const sizeOf = (name) => {
        if (!sizes.has(name)) sizes.set(name, gz(bundle[name].code));
        return sizes.get(name);
      };
      const sum = (names) => [...names].reduce((total, name) => total + sizeOf(name), 0);
      const entry = entryOf(bundle);
      const need = (path) => {
        const name = chunkOf(bundle, path);
        if (!name) this.error(`chunk-budget.json names ${path}, which is no chunk of the build`);
        return name;
      };
      const failures = [];
      const first = firstPage(bundle, sizeOf);
      let app;
      try {
        app = signinApp(bundle, budget.signinApp.route, sizeOf);
      } catch (error) {
        this.error(error.message);
      }
      const pages = [
        ['first page (before an interaction)', first, budget.firstPage],
        ['sign-in app', app, budget.signinApp],
      ];
      for (const [label, page, limit] of pages) {
        const kb = page.bytes / KB;
        if (kb > limit.maxKB) failures.push(`${label}: ${kb.toFixed(1)} KB gzipped, budget ${limit.maxKB} KB`);
        if (page.files.size > limit.maxFiles) failures.push(`${label}: ${page.files.size} scripts, budget ${limit.maxFiles}`);
      }
      const shell = new Set([...bootClosure(bundle, entry), ...chunkClosure(bundle, need(budget.shell))]);
      const rows = [];
      for (const [path, maxKB] of Object.entries(budget.routes)) {
        const name = need(path);
        const ownKB = sizeOf(name) / KB;
        const download = [...chunkClosure(bundle, name)].filter((n) => !shell.has(n));
        rows.push({ path, ownKB, downloadKB: sum(download) / KB });
        if (ownKB > maxKB) failures.push(`${path}: its chunk is ${ownKB.toFixed(1)} KB gzipped, budget ${maxKB} KB`);
      }
      if (process.env.CHUNK_REPORT) {
        for (const [label, page] of pages) {
          console.log(`${label}: ${(page.bytes / KB).toFixed(1)} KB gzipped in ${page.files.size} scripts`);
          for (const name of [...page.files].sort((a, b) => sizeOf(b) - sizeOf(a))) {
            console.log(`  ${name}: ${(sizeOf(name) / KB).toFixed(1)} KB`);
          }
        }
        console.log(`signed-in shell: ${(sum(shell) / KB).toFixed(1)} KB gzipped in ${shell.size} scripts`);
        for (const row of rows) {
          console.log(`${row.path}: own chunk ${row.ownKB.toFixed(1)} KB, download after the shell ${row.downloadKB.toFixed(1)} KB`);
        }
      }
      if (failures.length > 0) this.error(`JavaScript over budget (web/chunk-budget.json):\n  ${failures.join('\n  ')}`);
    },
  };
}
