import { regionNamesOf } from '@/lib/region-names';

/**
 * The country codes the address forms offer (about fifty European ones), the
 * server's list (internal/validate EuropeanCountries).
 */
export const EUROPEAN_COUNTRIES = [
  'AD', 'AL', 'AT', 'BA', 'BE', 'BG', 'BY', 'CH', 'CY', 'CZ', 'DE', 'DK', 'EE', 'ES', 'FI', 'FO', 'FR', 'GB', 'GG', 'GI',
  'GR', 'HR', 'HU', 'IE', 'IM', 'IS', 'IT', 'JE', 'LI', 'LT', 'LU', 'LV', 'MC', 'MD', 'ME', 'MK', 'MT', 'NL', 'NO', 'PL',
  'PT', 'RO', 'RS', 'SE', 'SI', 'SK', 'SM', 'UA', 'VA', 'XK',
] as const;

/** The home country of the main (French) domain: the only one with a SIRET. */
export const HOME_COUNTRY = 'FR';

export function isEuropeanCountry(code: string): boolean {
  return (EUROPEAN_COUNTRIES as readonly string[]).includes(code);
}

export interface CountryOption {
  code: string;
  label: string;
}

/** The countries named in the interface language (Intl.DisplayNames), sorted by name. */
export function countryOptions(locale: string): CountryOption[] {
  const name = regionNamesOf(locale);
  return EUROPEAN_COUNTRIES.map((code) => ({ code, label: name(code) })).sort((a, b) => a.label.localeCompare(b.label, locale));
}
