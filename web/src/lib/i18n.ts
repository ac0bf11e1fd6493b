import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
import { writeLocaleCookie, type Locale } from '@/lib/locales';

type Messages = Record<string, unknown>;

// One chunk per language: only the language in use is downloaded.
const loaders = import.meta.glob<{ default: Messages }>('../locales/*.json');

async function loadMessages(locale: Locale): Promise<Messages> {
  const load = loaders[`../locales/${locale}.json`];
  if (!load) throw new Error(`No messages for locale ${locale}`);
  return (await load()).default;
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
