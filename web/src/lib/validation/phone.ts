import {
  getCountries,
  getCountryCallingCode,
  parsePhoneNumberFromString,
  type CountryCode,
} from 'libphonenumber-js/min';

/**
 * Phone numbers (part 1 §5): at least 10 characters and valid for the chosen
 * country, checked with libphonenumber's metadata like the server does; the
 * number is sent in E.164. Lives apart from rules.ts so libphonenumber only
 * weighs on the pages that ask for a phone.
 */
export type { CountryCode };

/** The seven countries of the product, first in the picker. */
export const MAIN_COUNTRIES: readonly CountryCode[] = ['FR', 'BE', 'GB', 'DE', 'IT', 'ES', 'PT'];

export const PHONE_MIN_LENGTH = 10;

export function dialCode(country: CountryCode): string {
  return `+${getCountryCallingCode(country)}`;
}

export function isCountryCode(value: string): value is CountryCode {
  return (getCountries() as string[]).includes(value);
}

/** Every other country, sorted by its name in the interface language. */
export function otherCountries(locale: string): CountryCode[] {
  const names = regionNames(locale);
  return getCountries()
    .filter((country) => !MAIN_COUNTRIES.includes(country))
    .sort((a, b) => (names(a) ?? a).localeCompare(names(b) ?? b, locale));
}

export function regionNames(locale: string): (country: string) => string {
  let display: Intl.DisplayNames | null = null;
  try {
    display = new Intl.DisplayNames([locale], { type: 'region' });
  } catch {
    display = null;
  }
  return (country) => {
    try {
      return display?.of(country) ?? country;
    } catch {
      return country;
    }
  };
}

function parse(raw: string, country: CountryCode) {
  const value = raw.trim();
  if (value === '') return undefined;
  return parsePhoneNumberFromString(value, country);
}

/** null when valid, else the message code (the server's codes). */
export function phoneRule(raw: string, country: CountryCode): string | null {
  const value = raw.trim();
  if (value === '') return 'validation.required';
  // "At least 10 characters": the number with its country prefix, as a phone field shows it.
  const full = value.startsWith('+') ? value : `${dialCode(country)} ${value}`;
  if (full.length < PHONE_MIN_LENGTH) return 'validation.phone_too_short';
  const number = parse(value, country);
  if (!number?.isValid()) return 'validation.phone_invalid';
  return null;
}

/** The number in E.164 (+33612345678), or null when it cannot be read. */
export function toE164(raw: string, country: CountryCode): string | null {
  const number = parse(raw, country);
  return number?.isValid() ? number.number : null;
}

/** Splits a stored E.164 number into its country and national form, for editing. */
export function splitPhone(e164: string | null | undefined, fallback: CountryCode): { country: CountryCode; national: string } {
  if (!e164) return { country: fallback, national: '' };
  const number = parsePhoneNumberFromString(e164, fallback);
  if (!number) return { country: fallback, national: e164 };
  return { country: number.country ?? fallback, national: number.formatNational() };
}

/** The national form for display once the field is left (06 12 34 56 78). */
export function formatNational(raw: string, country: CountryCode): string {
  const number = parse(raw, country);
  return number?.isValid() ? number.formatNational() : raw.trim();
}

/** The international form for display (+33 6 12 34 56 78). */
export function formatInternational(e164: string): string {
  const number = parsePhoneNumberFromString(e164);
  return number ? number.formatInternational() : e164;
}
