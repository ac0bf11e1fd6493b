// What the build does to its output so that the back-office's first page
// arrives in one wave and is served without work:
//
// - routeChunks: chunking that follows the pages people open first. Left to
//   itself the bundler cuts one chunk per set of importers, so the sign-in
//   page came in 50 scripts; here everything the entry needs is one chunk
//   ("boot"), everything the sign-in route adds is another ("signin"), and
//   what the signed-in shell adds (every signed-in page loads it) a third.
// - preloadLinks: <link rel="modulepreload"> in index.html for the core texts
//   of each language (data-locale) and for the chunks of the pages named in
//   PRELOAD_PAGES (data-paths). The Go server keeps, for each request, the
//   links of its language and of its path only (internal/httpapi/spa.go), so
//   the browser asks for the entry, its route and its texts at once instead
//   of in three waves.
// - precompress: a gzip (-9) and a brotli (11) twin beside every compressible
//   file, served as stored bytes (no compression on each request).
// - sourcemapsOutside: the hidden source maps go to web/sourcemaps, never into
//   web/dist (which the binary embeds and serves publicly).
import { mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, extname, join, relative } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

/** Pages whose chunks the server preloads when their path is requested. */
export const PRELOAD_PAGES = {
  '/login': ['app/routes/login-route.tsx'],
  '/dashboard': ['app/routes/shell-route.tsx', 'app/routes/dashboard-route.tsx'],
};

/** The route the first-page budget and the "signin" chunk are about. */
export const SIGNIN_ROUTE = 'app/routes/login-route.tsx';

/** The layout of every signed-in page (the "shell" chunk). */
export const SHELL_ROUTE = 'app/routes/shell-route.tsx';

/** The page a signed-in person lands on (the "dashboard" chunk). */
export const DASHBOARD_ROUTE = 'app/routes/dashboard-route.tsx';

/** The core texts of one language: locales/<lang>.json, a chunk of its own. */
export const CORE_TEXTS = /\/src\/locales\/([a-z]{2})\.json$/;

/** What Vite adds to the entry: the modulepreload polyfill, the preload helper. */
const VITE_ENTRY_HELPERS = /vite\/(modulepreload-polyfill|preload-helper)/;

/** Every module a module loads before it runs (static imports, transitively). */
function staticClosure(ctx, start) {
  const seen = new Set();
  const stack = [start];
  while (stack.length > 0) {
    const id = stack.pop();
    if (seen.has(id)) continue;
    seen.add(id);
    for (const next of ctx.getModuleInfo(id)?.importedIds ?? []) stack.push(next);
  }
  return seen;
}

/**
 * The codeSplitting option: an "index" chunk with the entry and what it
 * imports statically, a "boot" chunk with the app the entry imports, a
 * "signin" chunk with what the sign-in route adds, a "shell" chunk with what
 * the signed-in layout adds, a "dashboard" chunk with what the dashboard
 * adds; every other route keeps the bundler's own split.
 * `src` is the absolute path of web/src.
 */
export function routeChunks(src) {
  let entry = null;
  let boot = null;
  let signin = null;
  let shell = null;
  let dashboard = null;
  const sets = (ctx) => {
    if (!boot) {
      entry = staticClosure(ctx, join(src, 'entry.ts'));
      boot = staticClosure(ctx, join(src, 'main.tsx'));
      signin = staticClosure(ctx, join(src, SIGNIN_ROUTE));
      shell = staticClosure(ctx, join(src, SHELL_ROUTE));
      dashboard = staticClosure(ctx, join(src, DASHBOARD_ROUTE));
    }
  };
  // One group each, the first with the highest priority: a group takes its
  // modules' dependencies along, so a module shared by the sign-in page and
  // the shell must be claimed by "signin" before "shell" looks at it.
  const group = (name, priority, members) => ({
    debugName: name,
    priority,
    name(id, ctx) {
      sets(ctx);
      return members().has(id) ? name : null;
    },
  });
  return {
    // The entry (src/entry.ts, which imports main.tsx when the app is
    // wanted) and the little it imports come first, in one chunk: on the
    // pre-rendered sign-in page it is the only script before an interaction,
    // and a module of it claimed by "boot" would make it import the whole
    // app. With it go index.html's own module and the two Vite adds (the
    // modulepreload polyfill, the preload helper the entry calls).
    groups: [
      {
        debugName: 'entry',
        priority: 5,
        name(id, ctx) {
          sets(ctx);
          return entry.has(id) || id.endsWith('/index.html') || VITE_ENTRY_HELPERS.test(id) ? 'index' : null;
        },
      },
      group('boot', 4, () => boot),
      group('signin', 3, () => signin),
      group('shell', 2, () => shell),
      // The page people land on once signed in: its route and the small
      // modules it alone adds (icons, cards, table cells) in one chunk
      // rather than a dozen requests of a few hundred bytes each.
      group('dashboard', 1, () => dashboard),
    ],
  };
}

/** Every chunk a chunk loads before it runs, by file name. */
export function chunkClosure(bundle, start) {
  const seen = new Set();
  const walk = (name) => {
    if (seen.has(name)) return;
    seen.add(name);
    for (const next of bundle[name]?.imports ?? []) walk(next);
  };
  walk(start);
  return seen;
}

/**
 * Every chunk the app runs before its first route, by file name: the entry's
 * closure and that of the app it imports (src/entry.ts imports main.tsx
 * dynamically, to let a pre-rendered page paint first).
 */
export function bootClosure(bundle, entry) {
  const seen = chunkClosure(bundle, entry);
  for (const next of bundle[entry]?.dynamicImports ?? []) {
    for (const name of chunkClosure(bundle, next)) seen.add(name);
  }
  return seen;
}

/**
 * The chunk that holds the module at `path` (relative to web/src): its own
 * chunk, or the group chunk routeChunks put it in.
 */
export function chunkOf(bundle, path) {
  const suffix = `/src/${path}`;
  const chunks = Object.values(bundle).filter((c) => c.type === 'chunk');
  const own = chunks.find((c) => c.facadeModuleId?.endsWith(suffix));
  return (own ?? chunks.find((c) => c.moduleIds.some((id) => id.endsWith(suffix))))?.fileName;
}

/** The core text chunks by language. */
export function coreTextChunks(bundle) {
  const out = {};
  for (const chunk of Object.values(bundle)) {
    const lang = chunk.type === 'chunk' ? CORE_TEXTS.exec(chunk.facadeModuleId ?? '')?.[1] : undefined;
    if (lang) out[lang] = chunk.fileName;
  }
  return out;
}

/** A Vite plugin: the preload links the server picks from (see the top). */
export function preloadLinks() {
  return {
    name: 'noces-preload-links',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(_html, ctx) {
        const bundle = ctx.bundle;
        if (!bundle) return [];
        const entry = Object.values(bundle).find((c) => c.type === 'chunk' && c.isEntry);
        const loaded = bootClosure(bundle, entry.fileName);
        const tags = [];
        const link = (file, attrs) =>
          tags.push({ tag: 'link', attrs: { rel: 'modulepreload', crossorigin: true, href: `/${file}`, ...attrs }, injectTo: 'head' });
        // The app the entry imports dynamically: on every page, fetched with the entry.
        const imported = chunkClosure(bundle, entry.fileName);
        for (const file of loaded) if (!imported.has(file)) link(file, {});
        for (const [lang, file] of Object.entries(coreTextChunks(bundle)).sort()) link(file, { 'data-locale': lang });
        // A chunk wanted by several pages gets one link naming all their paths.
        const pathsOf = new Map();
        for (const [path, routes] of Object.entries(PRELOAD_PAGES)) {
          for (const route of routes) {
            const name = chunkOf(bundle, route);
            if (!name) throw new Error(`build-assets.mjs preloads ${route}, which is no chunk of the build`);
            for (const file of chunkClosure(bundle, name)) {
              if (loaded.has(file)) continue;
              if (!pathsOf.has(file)) pathsOf.set(file, new Set());
              pathsOf.get(file).add(path);
            }
          }
        }
        for (const [file, paths] of pathsOf) link(file, { 'data-paths': [...paths].join(' ') });
        return tags;
      },
    },
  };
}

const COMPRESSIBLE = new Set(['.js', '.mjs', '.css', '.svg', '.json', '.txt', '.xml', '.webmanifest', '.ico']);

/** Every file under dir, recursively. */
function filesUnder(dir) {
  const out = [];
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) out.push(...filesUnder(path));
    else out.push(path);
  }
  return out;
}

/**
 * Writes file.gz and file.br beside each compressible file of dir that
 * compression makes smaller. index.html is left out: the server rewrites it
 * for each language, and it is small.
 */
export function precompressDir(dir) {
  let count = 0;
  for (const path of filesUnder(dir)) {
    if (!COMPRESSIBLE.has(extname(path)) || relative(dir, path) === 'index.html') continue;
    const data = readFileSync(path);
    if (data.length < 512) continue;
    const gz = gzipSync(data, { level: 9 });
    const br = brotliCompressSync(data, {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
        [constants.BROTLI_PARAM_SIZE_HINT]: data.length,
        [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
      },
    });
    // A twin that saves under a tenth is not worth a Content-Encoding.
    if (gz.length < data.length * 0.9) writeFileSync(`${path}.gz`, gz);
    if (br.length < data.length * 0.9) writeFileSync(`${path}.br`, br);
    count++;
  }
  return count;
}

/** A Vite plugin: precompresses the written output (public files included). */
export function precompress() {
  let outDir = '';
  return {
    name: 'noces-precompress',
    apply: 'build',
    configResolved(config) {
      outDir = join(config.root, config.build.outDir);
    },
    closeBundle: {
      order: 'post',
      sequential: true,
      handler() {
        precompressDir(outDir);
      },
    },
  };
}

/**
 * A Vite plugin: moves the source maps out of the bundle into `dir` (emptied
 * first), so web/dist holds no map. With build.sourcemap 'hidden' the chunks
 * do not name their map either; whoever deploys with a Sentry DSN uploads dir.
 */
export function sourcemapsOutside(dir) {
  return {
    name: 'noces-sourcemaps-outside',
    apply: 'build',
    buildStart() {
      rmSync(dir, { recursive: true, force: true });
    },
    generateBundle: {
      order: 'post',
      handler(_options, bundle) {
        for (const [name, file] of Object.entries(bundle)) {
          if (!name.endsWith('.map')) continue;
          const target = join(dir, name);
          mkdirSync(dirname(target), { recursive: true });
          writeFileSync(target, file.type === 'asset' ? file.source : file.code);
          delete bundle[name];
        }
      },
    },
  };
}
