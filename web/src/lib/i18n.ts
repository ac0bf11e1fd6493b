import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
import { writeLocaleCookie, type Locale } from '@/lib/locales';

type Messages = Record<string, unknown>;

// Chunks per language: only the language in use is downloaded. The core
// texts sit in locales/<lang>.json, each feature area's in
// locales/<area>/<lang>.json, so features grow without touching one file.
const loaders = import.meta.glob<{ default: Messages }>(['../locales/*.json', '../locales/*/*.json']);

/**
 * Areas whose texts come with their screens (loadArea, called by the
 * router's lazy routes) rather than with the first page: the sign-in page
 * waits for every text it loads, and needs only the core file. The signed-in
 * shell brings the areas its menu and popups use (gates, requests, money).
 */
export const ROUTE_AREAS = ['photos', 'portfolios', 'social', 'content', 'venues', 'admin', 'gates', 'requests', 'money', 'availability'] as const;

export type RouteArea = (typeof ROUTE_AREAS)[number];

function areaOf(path: string): string | null {
  return /^\.\.\/locales\/([^/]+)\/[^/]+\.json$/.exec(path)?.[1] ?? null;
}

function isRouteArea(area: string | null): boolean {
  return area !== null && (ROUTE_AREAS as readonly string[]).includes(area);
}

async function loadPaths(paths: string[]): Promise<Messages> {
  const parts = await Promise.all(paths.map(async (path) => (await loaders[path]!()).default));
  return mergeMessages(parts);
}

/**
 * The texts one language starts with: the core file merged with each area's
 * file, but the route areas' (ROUTE_AREAS) unless `withRouteAreas` (tests).
 */
export async function loadMessages(locale: Locale, { withRouteAreas = false } = {}): Promise<Messages> {
  const paths = Object.keys(loaders).filter((path) => path.endsWith(`/${locale}.json`));
  if (!paths.includes(`../locales/${locale}.json`)) throw new Error(`No messages for locale ${locale}`);
  return loadPaths(paths.filter((path) => withRouteAreas || !isRouteArea(areaOf(path))));
}

/** The route areas whose texts are loaded, so a change of language loads them again. */
const loadedAreas = new Set<RouteArea>();

async function addArea(locale: string, area: RouteArea): Promise<void> {
  const path = `../locales/${area}/${locale}.json`;
  if (!loaders[path]) throw new Error(`No ${area} messages for locale ${locale}`);
  i18n.addResourceBundle(locale, 'translation', await loadPaths([path]), true, false);
}

/** Loads route areas' texts in the current language (once each); the router awaits them with the route's code. */
export async function loadArea(...areas: RouteArea[]): Promise<void> {
  await Promise.all(
    areas
      .filter((area) => !loadedAreas.has(area))
      .map(async (area) => {
        await addArea(i18n.language, area);
        loadedAreas.add(area);
      }),
  );
}

/** Merges message files; two files defining the same top-level key is a bug. */
export function mergeMessages(parts: Messages[]): Messages {
  const out: Messages = {};
  for (const part of parts) {
    for (const [key, value] of Object.entries(part)) {
      if (key in out) throw new Error(`Message namespace ${key} is defined twice`);
      out[key] = value;
    }
  }
  return out;
}

function setDocumentLanguage(locale: Locale): void {
  if (typeof document !== 'undefined') document.documentElement.lang = locale;
}

/** Starts i18next with the one language the interface opens in. */
export async function initI18n(locale: Locale, messages?: Messages): Promise<typeof i18n> {
  const translation = messages ?? (await loadMessages(locale));
  await i18n.use(initReactI18next).init({
    lng: locale,
    // A missing key is a test failure (locales test), never a silent fallback.
    fallbackLng: false,
    resources: { [locale]: { translation } },
    interpolation: { escapeValue: false },
    returnNull: false,
  });
  setDocumentLanguage(locale);
  return i18n;
}

/** Switches the interface language and remembers it in the `locale` cookie. */
export async function changeLocale(locale: Locale): Promise<void> {
  if (!i18n.hasResourceBundle(locale, 'translation')) {
    i18n.addResourceBundle(locale, 'translation', await loadMessages(locale));
    await Promise.all([...loadedAreas].map((area) => addArea(locale, area)));
  }
  await i18n.changeLanguage(locale);
  writeLocaleCookie(locale);
  setDocumentLanguage(locale);
}

export { i18n };
