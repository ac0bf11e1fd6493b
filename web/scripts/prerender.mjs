// Renders the pages of PRERENDER_PATHS in every language with the module
// `vite build --ssr src/prerender.tsx` wrote (see src/prerender.tsx) and
// stores them in dist/prerender.json: {path: {lang: {head, body}}}. The Go
// server reads that file (internal/httpapi/spa.go) and never serves it.
import { rmSync, writeFileSync } from 'node:fs';
import { fileURLToPath, pathToFileURL } from 'node:url';

/** The pages sent rendered: the one people open first, whose form must show before any script. */
export const PRERENDER_PATHS = ['/login'];

const web = fileURLToPath(new URL('..', import.meta.url));
const built = `${web}prerender/prerender.js`;
const { render, locales } = await import(pathToFileURL(built).href);

const out = {};
for (const path of PRERENDER_PATHS) {
  out[path] = {};
  for (const locale of locales) out[path][locale] = await render(path, locale);
}
writeFileSync(`${web}dist/prerender.json`, JSON.stringify(out));
// The server bundle is only a step of the build.
rmSync(`${web}prerender`, { recursive: true, force: true });
