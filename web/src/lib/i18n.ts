import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
import { writeLocaleCookie, type Locale } from '@/lib/locales';

type Messages = Record<string, unknown>;

// Chunks per language: only the language in use is downloaded. The core
// texts sit in locales/<lang>.json, each feature area's in
// locales/<area>/<lang>.json, so features grow without touching one file.
const loaders = import.meta.glob<{ default: Messages }>(['../locales/*.json', '../locales/*/*.json']);

/** Every text of one language: the core file merged with each area's file. */
export async function loadMessages(locale: Locale): Promise<Messages> {
  const paths = Object.keys(loaders).filter((path) => path.endsWith(`/${locale}.json`));
  if (!paths.includes(`../locales/${locale}.json`)) throw new Error(`No messages for locale ${locale}`);
  const parts = await Promise.all(paths.map(async (path) => (await loaders[path]!()).default));
  return mergeMessages(parts);
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
  }
  await i18n.changeLanguage(locale);
  writeLocaleCookie(locale);
  setDocumentLanguage(locale);
}

export { i18n };
