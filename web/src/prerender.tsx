// Build-time rendering of the sign-in page, once per language, so that its
// form shows before any script runs:
// web/scripts/prerender.mjs runs this module (built by `vite build --ssr`)
// and stores the markup and its critical CSS; the Go server puts them into
// index.html for /login, and main.tsx hydrates them. It renders the app
// itself (same providers, routes and page), so there is one sign-in page.
import createCache from '@emotion/cache';
import { CacheProvider } from '@emotion/react';
import { renderToString } from 'react-dom/server';
import { createMemoryRouter } from 'react-router';
import { App } from '@/app/app';
import { routerReady, routes } from '@/app/router';
import { i18n, initI18n, loadMessages } from '@/lib/i18n';
import type { Locale } from '@/lib/locales';

/** The markup of one page in one language. */
export interface Prerendered {
  /** A <style> element for <head>: every rule the markup uses. */
  head: string;
  /** The inside of #root. */
  body: string;
}

function escapeStyle(css: string): string {
  // CSS never needs "</": escaped, a rule cannot close the element.
  return css.replaceAll('</', '<\\/');
}

/** Renders the page at path (e.g. /login) in locale. */
export async function render(path: string, locale: Locale): Promise<Prerendered> {
  if (!i18n.isInitialized) await initI18n(locale);
  if (!i18n.hasResourceBundle(locale, 'translation')) i18n.addResourceBundle(locale, 'translation', await loadMessages(locale));
  await i18n.changeLanguage(locale);

  const router = createMemoryRouter(routes, { initialEntries: [path] });
  await routerReady(router);
  // "css" is Emotion's default key, the one the browser's cache takes over:
  // it reads the ids of the <style data-emotion="css ..."> element and
  // inserts none of those rules again. In compat mode the server collects
  // the rules in cache.inserted instead of writing a <style> before each
  // element (which would not be the markup the browser hydrates).
  const cache = createCache({ key: 'css' });
  cache.compat = true;
  const body = renderToString(
    <CacheProvider value={cache}>
      <App router={router} />
    </CacheProvider>,
  );
  router.dispose();
  const ids: string[] = [];
  let css = '';
  for (const [id, rules] of Object.entries(cache.inserted)) {
    if (typeof rules !== 'string') continue;
    ids.push(id);
    css += rules;
  }
  return { head: `<style data-emotion="css ${ids.join(' ')}">${escapeStyle(css)}</style>`, body };
}

export { SUPPORTED_LOCALES as locales } from '@/lib/locales';
