import { getToken } from '@/lib/auth/token-storage';
import { getConfig, initialLocale } from '@/lib/config';

/**
 * The attribute of #root that names the language of the markup the server
 * put in it (internal/httpapi/spa.go writes it, hydratable reads it).
 */
export const PRERENDER_ATTRIBUTE = 'data-prerender';

/**
 * Whether this visit renders exactly the markup the server sent in #root
 * (the sign-in page, prerender.tsx): an anonymous visitor, in that language,
 * without a notice in the address. Then the app hydrates it (main.tsx) and
 * need not start before the person engages with the page (entry.ts);
 * otherwise the app renders from scratch over it, at once, as on any page.
 * src/entry.ts imports this module: it stays small and imports nothing of
 * the framework.
 */
export function hydratable(root: HTMLElement): boolean {
  return (
    root.hasChildNodes() &&
    root.getAttribute(PRERENDER_ATTRIBUTE) === initialLocale(getConfig()) &&
    getToken() === null &&
    !new URLSearchParams(window.location.search).has('error')
  );
}
