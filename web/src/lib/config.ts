import { DEFAULT_LOCALE, normalizeLocale, readLocaleCookie, type Locale } from '@/lib/locales';

/**
 * Runtime configuration. The Go server replaces `<!--noces-config-->` in
 * index.html with `<script type="application/json" id="noces-config">`.
 * Under `vite dev` the tag is absent and we fall back to the French domain.
 */
export interface AppConfig {
  domain: string;
  /** Locale the server chose for this request (domain default, Accept-Language). */
  locale: Locale;
  country: string;
  sentryDsn: string;
  /** Embed URL of the dashboard's podcast player; empty hides it. */
  podcastUrl: string;
  /** Map tile URL template ({z}/{x}/{y}); empty shows addresses without a map. */
  mapTilesUrl: string;
  release: string;
  /** Card payments: Stripe with its publishable key, or the server's sandbox (no keys). */
  payments: PaymentsConfig;
}

export interface PaymentsConfig {
  provider: 'stripe' | 'sandbox';
  publishableKey: string;
}

interface RawConfig {
  domain?: unknown;
  locale?: unknown;
  country?: unknown;
  sentryDsn?: unknown;
  podcastUrl?: unknown;
  mapTilesUrl?: unknown;
  release?: unknown;
  payments?: unknown;
}

/** Anything but a Stripe block with a key is the sandbox: a page never half-loads Stripe. */
function paymentsOf(value: unknown): PaymentsConfig {
  const raw = value && typeof value === 'object' ? (value as Record<string, unknown>) : {};
  const key = typeof raw.publishableKey === 'string' ? raw.publishableKey : '';
  return raw.provider === 'stripe' && key !== '' ? { provider: 'stripe', publishableKey: key } : { provider: 'sandbox', publishableKey: '' };
}

function str(value: unknown, fallback: string): string {
  return typeof value === 'string' && value !== '' ? value : fallback;
}

function browserLocale(languages: readonly string[]): Locale | null {
  for (const language of languages) {
    const locale = normalizeLocale(language);
    if (locale) return locale;
  }
  return null;
}

export function parseConfig(
  doc: Document = document,
  languages: readonly string[] = typeof navigator === 'undefined' ? [] : navigator.languages,
): AppConfig {
  const element = doc.getElementById('noces-config');
  let raw: RawConfig | null = null;
  if (element?.textContent) {
    try {
      raw = JSON.parse(element.textContent) as RawConfig;
    } catch {
      raw = null;
    }
  }
  if (raw) {
    return {
      domain: str(raw.domain, 'fr'),
      locale: normalizeLocale(str(raw.locale, '')) ?? DEFAULT_LOCALE,
      country: str(raw.country, 'FR'),
      sentryDsn: typeof raw.sentryDsn === 'string' ? raw.sentryDsn : '',
      podcastUrl: typeof raw.podcastUrl === 'string' ? raw.podcastUrl : '',
      mapTilesUrl: typeof raw.mapTilesUrl === 'string' ? raw.mapTilesUrl : '',
      release: str(raw.release, 'dev'),
      payments: paymentsOf(raw.payments),
    };
  }
  return {
    domain: 'fr',
    locale: readLocaleCookie() ?? browserLocale(languages) ?? DEFAULT_LOCALE,
    country: 'FR',
    sentryDsn: '',
    podcastUrl: '',
    mapTilesUrl: '',
    release: 'dev',
    payments: paymentsOf(null),
  };
}

/** Interface language: the `locale` cookie first, then the server's choice. */
export function initialLocale(config: AppConfig): Locale {
  return readLocaleCookie() ?? config.locale;
}

let current: AppConfig | null = null;

export function getConfig(): AppConfig {
  current ??= parseConfig();
  return current;
}
