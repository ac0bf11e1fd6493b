export const SUPPORTED_LOCALES = ['de', 'en', 'es', 'fr', 'it', 'nl', 'pt'] as const;

export type Locale = (typeof SUPPORTED_LOCALES)[number];

export const DEFAULT_LOCALE: Locale = 'fr';

/** Each language named in itself, for the language selector. */
export const LOCALE_NAMES: Record<Locale, string> = {
  de: 'Deutsch',
  en: 'English',
  es: 'Español',
  fr: 'Français',
  it: 'Italiano',
  nl: 'Nederlands',
  pt: 'Português',
};

/** Turns "fr-FR", "nl_BE", "EN" ... into a supported locale, or null. */
export function normalizeLocale(value: string | null | undefined): Locale | null {
  if (!value) return null;
  const lang = value.trim().toLowerCase().split(/[-_]/)[0];
  return (SUPPORTED_LOCALES as readonly string[]).includes(lang ?? '') ? (lang as Locale) : null;
}

export const LOCALE_COOKIE = 'locale';
const ONE_YEAR_SECONDS = 365 * 24 * 60 * 60;

export function readCookie(name: string, cookies: string = document.cookie): string | null {
  for (const part of cookies.split(';')) {
    const [key, ...rest] = part.trim().split('=');
    if (key === name) return decodeURIComponent(rest.join('='));
  }
  return null;
}

export function readLocaleCookie(): Locale | null {
  return normalizeLocale(readCookie(LOCALE_COOKIE));
}

export function writeLocaleCookie(locale: Locale): void {
  document.cookie = `${LOCALE_COOKIE}=${encodeURIComponent(locale)}; path=/; max-age=${ONE_YEAR_SECONDS}; SameSite=Lax`;
}

/**
 * The locale Intl writes dates, numbers and money in for an interface language: the domain that speaks it
 * (English is the UK's, Dutch Belgium's), so an English reader sees "26 Nov 2026, 21:54" and never the US form.
 */
const INTL_LOCALES: Record<Locale, string> = { de: 'de-DE', en: 'en-GB', es: 'es-ES', fr: 'fr-FR', it: 'it-IT', nl: 'nl-BE', pt: 'pt-PT' };

export function intlLocale(language: string): string {
  const lang = normalizeLocale(language);
  return lang ? INTL_LOCALES[lang] : language;
}
