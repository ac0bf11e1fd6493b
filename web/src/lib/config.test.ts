import { afterEach, describe, expect, it } from 'vitest';
import { initialLocale, parseConfig } from '@/lib/config';

function docWith(json: string | null): Document {
  const doc = document.implementation.createHTMLDocument('t');
  if (json !== null) {
    const script = doc.createElement('script');
    script.type = 'application/json';
    script.id = 'noces-config';
    script.textContent = json;
    doc.head.appendChild(script);
  }
  return doc;
}

afterEach(() => {
  document.cookie = 'locale=; path=/; max-age=0';
});

describe('the runtime configuration', () => {
  it('reads what the server put in index.html', () => {
    const config = parseConfig(
      docWith(
        '{"domain":"be","locale":"nl-BE","country":"BE","sentryDsn":"https://k@sentry.example/1","podcastUrl":"https://player.example/embed/1","mapTilesUrl":"https://tile.example/{z}/{x}/{y}.png","release":"v1.2.3"}',
      ),
    );
    expect(config).toEqual({
      domain: 'be',
      locale: 'nl',
      country: 'BE',
      sentryDsn: 'https://k@sentry.example/1',
      podcastUrl: 'https://player.example/embed/1',
      mapTilesUrl: 'https://tile.example/{z}/{x}/{y}.png',
      release: 'v1.2.3',
      payments: { provider: 'sandbox', publishableKey: '' },
    });
  });

  it('pays with Stripe only when the server names it with a publishable key', () => {
    const stripe = '{"domain":"fr","locale":"fr","payments":{"provider":"stripe","publishableKey":"pk_test_123"}}';
    expect(parseConfig(docWith(stripe)).payments).toEqual({ provider: 'stripe', publishableKey: 'pk_test_123' });
    const keyless = '{"domain":"fr","locale":"fr","payments":{"provider":"stripe","publishableKey":""}}';
    expect(parseConfig(docWith(keyless)).payments).toEqual({ provider: 'sandbox', publishableKey: '' });
    expect(parseConfig(docWith(null), []).payments.provider).toBe('sandbox');
  });

  it('has no podcast when the server gives none', () => {
    expect(parseConfig(docWith('{"domain":"fr","locale":"fr"}')).podcastUrl).toBe('');
    expect(parseConfig(docWith(null), []).podcastUrl).toBe('');
  });

  it('falls back to the French domain and the browser language without the tag (vite dev)', () => {
    expect(parseConfig(docWith(null), ['pt-PT', 'en'])).toMatchObject({ domain: 'fr', locale: 'pt', sentryDsn: '' });
    expect(parseConfig(docWith(null), ['ja-JP'])).toMatchObject({ locale: 'fr' });
  });

  it('prefers the locale cookie over the browser without the tag', () => {
    document.cookie = 'locale=it; path=/';
    expect(parseConfig(docWith(null), ['pt-PT'])).toMatchObject({ locale: 'it' });
  });

  it('uses the locale cookie first for the interface language, then the server locale', () => {
    const config = parseConfig(docWith('{"domain":"fr","locale":"fr","country":"FR","sentryDsn":"","release":"dev"}'));
    expect(initialLocale(config)).toBe('fr');
    document.cookie = 'locale=de; path=/';
    expect(initialLocale(config)).toBe('de');
  });

  it('survives a broken tag', () => {
    expect(parseConfig(docWith('{not json'), [])).toMatchObject({ domain: 'fr', locale: 'fr' });
  });
});
