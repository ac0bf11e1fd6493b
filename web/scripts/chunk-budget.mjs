// Fails the build when the JavaScript a user downloads grows past its budget
// (chunk-budget.json). The first page is everything the sign-in page loads
// before its form shows: the entry and its static imports, the sign-in
// route's chunks and the core texts of the heaviest language, gzipped at -9
// file by file as the server stores them. Each budgeted route's own chunk is
// checked too, and its "download" (its chunk and whatever it imports that the
// signed-in shell has not loaded yet) is reported, so a heavy library that
// only one route needs (the editor, the crop tool) is seen where it lands.
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

/**
 * The first page of a bundle: its files (entry, sign-in route, the heaviest
 * core texts) and their gzipped sizes.
 */
export function firstPage(bundle, route, size = new Map()) {
  const sizeOf = (name) => {
    if (!size.has(name)) size.set(name, gz(bundle[name].code));
    return size.get(name);
  };
  const entry = Object.values(bundle).find((c) => c.type === 'chunk' && c.isEntry)?.fileName;
  const routeChunk = chunkOf(bundle, route);
  if (!routeChunk) throw new Error(`chunk-budget.json names ${route}, which is no chunk of the build`);
  const files = new Set([...bootClosure(bundle, entry), ...chunkClosure(bundle, routeChunk)]);
  const texts = Object.values(coreTextChunks(bundle));
  if (texts.length === 0) throw new Error('no core text chunk (src/locales/<lang>.json) in the build');
  const heaviest = texts.reduce((a, b) => (sizeOf(a) >= sizeOf(b) ? a : b));
  for (const name of chunkClosure(bundle, heaviest)) files.add(name);
  const bytes = [...files].reduce((total, name) => total + sizeOf(name), 0);
  return { files, bytes, sizeOf };
}

/** A Vite plugin: checks the budgets of budgetFile once the bundle is written. */
export function chunkBudget(budgetFile) {
  const budget = JSON.parse(readFileSync(budgetFile, 'utf8'));
  return {
    name: 'noces-chunk-budget',
    apply: 'build',
    generateBundle(_options, bundle) {
      const size = new Map();
      let first;
      try {
        first = firstPage(bundle, budget.firstPage.route, size);
      } catch (error) {
        this.error(error.message);
      }
      const { sizeOf } = first;
      const sum = (names) => [...names].reduce((total, name) => total + sizeOf(name), 0);
      const entry = Object.values(bundle).find((c) => c.type === 'chunk' && c.isEntry)?.fileName;
      const need = (path) => {
        const name = chunkOf(bundle, path);
        if (!name) this.error(`chunk-budget.json names ${path}, which is no chunk of the build`);
        return name;
      };
      const shell = new Set([...bootClosure(bundle, entry), ...chunkClosure(bundle, need(budget.shell))]);
      const failures = [];
      const firstKB = first.bytes / KB;
      if (firstKB > budget.firstPage.maxKB) {
        failures.push(`first page: ${firstKB.toFixed(1)} KB gzipped, budget ${budget.firstPage.maxKB} KB`);
      }
      if (first.files.size > budget.firstPage.maxFiles) {
        failures.push(`first page: ${first.files.size} scripts, budget ${budget.firstPage.maxFiles}`);
      }
      const rows = [];
      for (const [path, maxKB] of Object.entries(budget.routes)) {
        const name = need(path);
        const ownKB = sizeOf(name) / KB;
        const download = [...chunkClosure(bundle, name)].filter((n) => !shell.has(n));
        rows.push({ path, ownKB, downloadKB: sum(download) / KB });
        if (ownKB > maxKB) failures.push(`${path}: its chunk is ${ownKB.toFixed(1)} KB gzipped, budget ${maxKB} KB`);
      }
      if (process.env.CHUNK_REPORT) {
        console.log(`first page (entry + ${budget.firstPage.route} + core texts): ${firstKB.toFixed(1)} KB gzipped in ${first.files.size} scripts`);
        for (const name of [...first.files].sort((a, b) => sizeOf(b) - sizeOf(a))) {
          console.log(`  ${name}: ${(sizeOf(name) / KB).toFixed(1)} KB`);
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
