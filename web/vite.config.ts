/// <reference types="vitest/config" />
import { availableParallelism } from 'node:os';
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { precompress, preloadLinks, routeChunks, sourcemapsOutside } from './scripts/build-assets.mjs';
import { chunkBudget } from './scripts/chunk-budget.mjs';

const src = fileURLToPath(new URL('./src', import.meta.url));
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
    include: ['src/**/*.test.{ts,tsx}'],
    css: false,
    restoreMocks: true,
    // Vitest's default is one worker fewer than the cores: one file at a time
    // on a 2-core CI machine, while the main process idles (see
    // bench/README.md, "The suite's wall time").
    maxWorkers: Math.max(2, availableParallelism()),
    // Two files run at once: a page test may need more than the default 5 s.
    testTimeout: 15_000,
  },
}));
