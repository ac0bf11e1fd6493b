/**
 * A venue's prices are in its country's currency, as on its public page
 * (DECISIONS.md: pounds for the United Kingdom, euros everywhere else).
 */
export type VenueCurrency = 'EUR' | 'GBP';
import { intlLocale } from '@/lib/locales';

/** The currency of a venue in this country (an ISO 3166 code, any case). */
export function venueCurrency(countryCode: string): VenueCurrency {
  return countryCode.toUpperCase() === 'GB' ? 'GBP' : 'EUR';
}

/** An amount in whole units of the venue's currency, in the reader's locale ("4 500 €", "£4,500"). */
export function formatVenuePrice(amount: number, countryCode: string, locale: string): string {
  return new Intl.NumberFormat(intlLocale(locale), { style: 'currency', currency: venueCurrency(countryCode), currencyDisplay: 'narrowSymbol', maximumFractionDigits: 0 }).format(amount);
}

/** The currency's sign as the reader's locale writes it beside a field (€, £). */
export function venueCurrencySign(countryCode: string, locale: string): string {
  const parts = new Intl.NumberFormat(intlLocale(locale), { style: 'currency', currency: venueCurrency(countryCode), currencyDisplay: 'narrowSymbol' }).formatToParts(0);
  return parts.find((part) => part.type === 'currency')?.value ?? venueCurrency(countryCode);
}
