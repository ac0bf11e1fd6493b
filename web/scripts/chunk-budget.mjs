// Fails the build when the JavaScript a user downloads grows past its budget
// (chunk-budget.json): the first page (the entry and the sign-in route, with
// everything they import), and each budgeted route's own chunk. A route's
// "download" (its chunk and whatever it imports that the signed-in shell has
// not loaded yet) is reported too, so a heavy library that only one route
// needs (the editor, the crop tool) is seen where it lands.
// CHUNK_REPORT=1 prints every route's figures.
import { readFileSync } from 'node:fs';
import { gzipSync } from 'node:zlib';

const KB = 1024;

/** Gzip size as a server at its best level sends it. */
function gz(code) {
  return gzipSync(code, { level: 9 }).length;
}

/** Every chunk a chunk loads before it runs (its static imports, transitively). */
function closure(bundle, start) {
  const seen = new Set();
  const walk = (name) => {
    if (seen.has(name)) return;
    seen.add(name);
    for (const next of bundle[name]?.imports ?? []) walk(next);
  };
  walk(start);
  return seen;
}

/** The chunk whose facade is the module at `path` (relative to web/src). */
function chunkOf(bundle, path) {
  const suffix = `/src/${path}`;
  return Object.values(bundle).find((c) => c.type === 'chunk' && c.facadeModuleId?.endsWith(suffix))?.fileName;
}

/** A Vite plugin: checks the budgets of budgetFile once the bundle is written. */
export function chunkBudget(budgetFile) {
  const budget = JSON.parse(readFileSync(budgetFile, 'utf8'));
  return {
    name: 'noces-chunk-budget',
    apply: 'build',
    generateBundle(_options, bundle) {
      const size = new Map();
      for (const chunk of Object.values(bundle)) if (chunk.type === 'chunk') size.set(chunk.fileName, gz(chunk.code));
      const sum = (names) => [...names].reduce((total, name) => total + (size.get(name) ?? 0), 0);
      const entry = Object.values(bundle).find((c) => c.type === 'chunk' && c.isEntry)?.fileName;
      const need = (path) => {
        const name = chunkOf(bundle, path);
        if (!name) this.error(`chunk-budget.json names ${path}, which is no chunk of the build`);
        return name;
      };
      const firstPage = new Set([...closure(bundle, entry), ...closure(bundle, need(budget.firstPage.route))]);
      const shell = new Set([...closure(bundle, entry), ...closure(bundle, need(budget.shell))]);
      const failures = [];
      const firstKB = sum(firstPage) / KB;
      if (firstKB > budget.firstPage.maxKB) {
        failures.push(`first page: ${firstKB.toFixed(1)} KB gzipped, budget ${budget.firstPage.maxKB} KB`);
      }
      const rows = [];
      for (const [path, maxKB] of Object.entries(budget.routes)) {
        const name = need(path);
        const ownKB = size.get(name) / KB;
        const download = [...closure(bundle, name)].filter((n) => !shell.has(n));
        rows.push({ path, ownKB, downloadKB: sum(download) / KB });
        if (ownKB > maxKB) failures.push(`${path}: its chunk is ${ownKB.toFixed(1)} KB gzipped, budget ${maxKB} KB`);
      }
      if (process.env.CHUNK_REPORT) {
        console.log(`first page (entry + ${budget.firstPage.route}): ${firstKB.toFixed(1)} KB gzipped`);
        for (const name of [...firstPage].sort((a, b) => size.get(b) - size.get(a))) {
          console.log(`  ${name}: ${(size.get(name) / KB).toFixed(1)} KB`);
        }
        console.log(`signed-in shell: ${(sum(shell) / KB).toFixed(1)} KB gzipped`);
        for (const row of rows) {
          console.log(`${row.path}: own chunk ${row.ownKB.toFixed(1)} KB, download after the shell ${row.downloadKB.toFixed(1)} KB`);
        }
      }
      if (failures.length > 0) this.error(`JavaScript over budget (web/chunk-budget.json):\n  ${failures.join('\n  ')}`);
    },
  };
}
