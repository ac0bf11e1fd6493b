/// <reference types="vitest/config" />
import { readdirSync, readFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { precompress, preloadLinks, routeChunks, sourcemapsOutside } from './scripts/build-assets.mjs';
import { chunkBudget } from './scripts/chunk-budget.mjs';

const src = fileURLToPath(new URL('./src', import.meta.url));
const root = fileURLToPath(new URL('.', import.meta.url));

/**
 * The unit test files that replace a module (vi.mock): they run each in a
 * module graph of its own. The others share one per worker, as importing
 * MUI, i18n and the setup file anew for every file was a third of the
 * suite's time; a replaced module would leak into, or miss, a file that
 * imported the real one first in the same worker.
 */
function filesThatMock(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return filesThatMock(path);
    if (!/\.test\.tsx?$/.test(entry.name) || !readFileSync(path, 'utf8').includes('vi.mock(')) return [];
    return [relative(root, path)];
  });
}
// Source maps stay beside the build, never in web/dist (which the binary
// embeds and serves): git-ignored, uploaded to Sentry by whoever deploys.
const sourcemaps = fileURLToPath(new URL('./sourcemaps', import.meta.url));

// `vite build --ssr src/prerender.tsx` builds the module that renders the
// sign-in page at build time (scripts/prerender.mjs): a Node bundle with
// every dependency inside, written beside the web app, never into dist.
export default defineConfig(({ isSsrBuild }) => ({
  plugins: isSsrBuild
    ? [react()]
    : [
        react(),
        chunkBudget(fileURLToPath(new URL('./chunk-budget.json', import.meta.url))),
        preloadLinks(),
        sourcemapsOutside(sourcemaps),
        precompress(),
      ],
  resolve: {
    alias: { '@': src },
  },
  server: {
    port: 5173,
    proxy: {
      '/api': { target: 'http://localhost:8080', changeOrigin: false },
    },
  },
  ssr: { noExternal: true },
  build: isSsrBuild
    ? { outDir: 'prerender', emptyOutDir: true, sourcemap: false, minify: false }
    : {
    outDir: 'dist',
    // dist/.gitkeep belongs to the Go side (go:embed needs a non-empty dir):
    // never wipe the folder, only overwrite what the build produces.
    emptyOutDir: false,
    // 'hidden': the chunks do not name their maps (which are not served).
    sourcemap: 'hidden',
    chunkSizeWarningLimit: 800,
    rolldownOptions: {
      output: { codeSplitting: routeChunks(src) },
    },
  },
  test: {
    // happy-dom sets up in half jsdom's time, which was most of the suite's; a
    // file that needs jsdom says so with `// @vitest-environment jsdom`.
    environment: 'happy-dom',
    setupFiles: ['./src/test/setup.ts'],
    css: false,
    restoreMocks: true,
    // Vitest's default is one worker fewer than the cores: one file at a time
    // on a 2-core CI machine, while the main process idles (bench/README.md
    // has the suite's phase times).
    maxWorkers: Math.max(2, availableParallelism()),
    // Two files run at once: a page test may need more than the default 5 s.
    testTimeout: 15_000,
    projects: [
      { extends: true, test: { name: 'shared', include: ['src/**/*.test.{ts,tsx}'], exclude: filesThatMock(src), isolate: false } },
      { extends: true, test: { name: 'isolated', include: filesThatMock(src) } },
    ],
  },
}));
