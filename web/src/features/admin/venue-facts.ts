import { intlLocale } from '@/lib/locales';

/** "€3,000 – €9,000", one bound alone when the other is not given, or null without prices. */
export function formatPriceRange(min: number, max: number, currency: string, locale: string): string | null {
  const money = new Intl.NumberFormat(intlLocale(locale), { style: 'currency', currency, currencyDisplay: 'narrowSymbol', maximumFractionDigits: 0 });
  if (min > 0 && max > 0) return min === max ? money.format(min) : `${money.format(min)} – ${money.format(max)}`;
  if (min > 0) return money.format(min);
  if (max > 0) return money.format(max);
  return null;
}

/** The country's name in the interface language, or its code when the browser does not know it. */
export function countryName(code: string, locale: string): string {
  if (!code) return '';
  try {
    return new Intl.DisplayNames([locale], { type: 'region' }).of(code.toUpperCase()) ?? code;
  } catch {
    return code;
  }
}

/** Where the users screen finds a venue's owner: searched by e-mail. */
export function ownerAccountPath(email: string): string {
  return `/admin/users?${new URLSearchParams({ q: email }).toString()}`;
}
