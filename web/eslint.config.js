// Flat config: typescript-eslint + react-hooks, plus the folder rules of
// ARCHITECTURE.md: features never import each other, components and lib
// never import features or app, kebab-case file names, no barrel files, and
// server state is read and written only in the endpoint files (api/).
import { readdirSync } from 'node:fs';
import { basename } from 'node:path';
import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import { defineConfig, globalIgnores } from 'eslint/config';
import globals from 'globals';
import tseslint from 'typescript-eslint';

const features = readdirSync(new URL('./src/features/', import.meta.url), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);

const KEBAB = /^[a-z0-9]+(?:-[a-z0-9]+)*(?:\.[a-z0-9]+)*$/;

/** Local rules of this project. */
const noces = {
  rules: {
    'kebab-case-filename': {
      meta: { type: 'suggestion', schema: [], messages: { name: 'File name "{{name}}" is not kebab-case.' } },
      create(context) {
        const name = basename(context.filename);
        return {
          Program(node) {
            if (!KEBAB.test(name)) context.report({ node, messageId: 'name', data: { name } });
          },
        };
      },
    },
    'no-barrel-file': {
      meta: { type: 'problem', schema: [], messages: { barrel: 'No barrel files: import modules by their own path.' } },
      create(context) {
        const name = basename(context.filename);
        return {
          Program(node) {
            if (/^index\.[cm]?[jt]sx?$/.test(name)) context.report({ node, messageId: 'barrel' });
          },
        };
      },
    },
  },
};

const noBarrelImports = { group: ['**/index', '**/index.*'], message: 'No barrel files: import the module itself.' };
// Any parent-relative import: '../venues/...' from a feature's root would cross a feature's boundary unseen.
const noParentRelative = { group: ['../*'], message: 'Use the @/ alias to reach another folder.' };

// One way to fetch (web/README.md): each endpoint's file under api/ holds its
// fetcher, its queryOptions or mutation, and its hook; screens call the hook.
const queryHooksInApiOnly = {
  name: '@tanstack/react-query',
  importNames: ['useQuery', 'useQueries', 'useSuspenseQuery', 'useSuspenseQueries', 'useInfiniteQuery', 'useMutation', 'useQueryClient'],
  message: "Server state goes through an endpoint's hook: put the query or mutation in features/<area>/api/<endpoint>.ts (or lib/api/ when several features read it).",
};

/**
 * no-restricted-imports for a folder: its import patterns, plus TanStack
 * Query's hooks outside its endpoint files (which get the patterns alone).
 */
function restrictedImports(files, patterns, endpointFiles = []) {
  const blocks = [{ files, ignores: endpointFiles, rules: { 'no-restricted-imports': ['error', { paths: [queryHooksInApiOnly], patterns }] } }];
  if (endpointFiles.length > 0) blocks.push({ files: endpointFiles, rules: { 'no-restricted-imports': ['error', { patterns }] } });
  return blocks;
}

export default defineConfig([
  // Build and test output: the build writes and removes some of these while
  // `make test` lints beside it, and ESLint failed on a folder that vanished
  // during its walk (prerender/).
  globalIgnores([
    'dist/',
    'node_modules/',
    'coverage/',
    'sourcemaps/',
    'prerender/',
    'e2e/screenshots/',
    'e2e/results/',
    'e2e/.tmp/',
    'src/lib/api/schema.d.ts',
  ]),
  {
    files: ['**/*.{ts,tsx}'],
    extends: [js.configs.recommended, tseslint.configs.recommended, reactHooks.configs.flat.recommended],
    languageOptions: { globals: globals.browser },
    rules: {
      '@typescript-eslint/consistent-type-imports': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
    },
  },
  {
    files: ['src/**/*.{ts,tsx}', 'e2e/**/*.{js,mjs}', 'scripts/**/*.{js,mjs}'],
    plugins: { noces },
    rules: {
      'noces/kebab-case-filename': 'error',
      'noces/no-barrel-file': 'error',
    },
  },
  {
    files: ['**/*.{js,mjs}'],
    extends: [js.configs.recommended],
    languageOptions: { globals: globals.node },
  },
  {
    // page.evaluate() bodies run in the browser.
    files: ['e2e/**/*.{js,mjs}'],
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
  },
  {
    files: ['vite.config.ts'],
    languageOptions: { globals: globals.node },
  },
  // components/ and lib/ are shared: they never reach into features/ or app/.
  ...restrictedImports(['src/components/**/*.{ts,tsx}'], [
    { group: ['@/features/*', '@/app/*'], message: 'components/ must not import features/ or app/.' },
    noBarrelImports,
    noParentRelative,
  ]),
  // lib/api/ holds the endpoints several features read (the user, the address search, the services list).
  ...restrictedImports(
    ['src/lib/**/*.{ts,tsx}'],
    [{ group: ['@/features/*', '@/app/*', '@/components/*'], message: 'lib/ must not import features/, app/ or components/.' }, noBarrelImports, noParentRelative],
    ['src/lib/api/**/*.{ts,tsx}', 'src/lib/auth/session.ts'],
  ),
  // Each feature may import itself, components/, lib/ and theme/, never another feature or app/.
  ...features.flatMap((feature) =>
    restrictedImports(
      [`src/features/${feature}/**/*.{ts,tsx}`],
      [
        {
          group: ['@/features/*', `!@/features/${feature}`, `!@/features/${feature}/**`],
          message: 'Features never import each other: move shared code to components/ or lib/, or compose in app/.',
        },
        { group: ['@/app/*'], message: 'Features must not import app/.' },
        noBarrelImports,
        noParentRelative,
      ],
      [`src/features/${feature}/api/**/*.{ts,tsx}`],
    ),
  ),
  ...restrictedImports(['src/app/**/*.{ts,tsx}', 'src/theme/**/*.{ts,tsx}', 'src/test/**/*.{ts,tsx}'], [noBarrelImports, noParentRelative]),
]);
