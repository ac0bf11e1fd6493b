import { charCount } from '@/lib/validation/password-strength';
import type { RuleCode } from '@/lib/validation/rules';

/**
 * The company rules shared with the server (internal/validate/company.go and
 * postcode.go). Each returns null when the value is valid, else the code of
 * its message: the codes the server puts in an error's `fields`.
 */

const COMPANY_NAME = /^[\p{L}\p{M}0-9 \-&'’.,()/]+$/u;
export const COMPANY_NAME_MIN = 2;
export const COMPANY_NAME_MAX = 50;

/** 2 to 50 letters (accented), digits, spaces and - & ' . , ( ) /; empty is `validation.required`. */
export function companyNameRule(raw: string): RuleCode | null {
  const value = raw.trim();
  const length = charCount(value);
  if (length === 0) return 'validation.required';
  if (length < COMPANY_NAME_MIN || length > COMPANY_NAME_MAX || !COMPANY_NAME.test(value)) {
    return 'validation.company_name_invalid';
  }
  return null;
}

/** Older creation dates are taken for a typing error. */
export const OLDEST_CREATION_YEAR = 1800;

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

/** Today in the user's time zone, as YYYY-MM-DD. */
export function todayIso(now: Date = new Date()): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}

/** A real calendar date written YYYY-MM-DD. */
export function isIsoDate(value: string): boolean {
  const match = ISO_DATE.exec(value);
  if (!match) return false;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}

/** Required; a real date from 1800 on; not after today. */
export function creationDateRule(raw: string, today: string = todayIso()): RuleCode | null {
  const value = raw.trim();
  if (value === '') return 'validation.required';
  if (!isIsoDate(value) || Number(value.slice(0, 4)) < OLDEST_CREATION_YEAR) return 'validation.creation_date_invalid';
  // YYYY-MM-DD strings compare as dates.
  if (value > today) return 'validation.creation_date_invalid_future';
  return null;
}

/** The one code of every postal code error, an empty code too. */
export const ZIPCODE_INVALID = 'validation.invalid_zipcode';

const UK_POSTCODE =
  /^(?:([A-PR-UWYZ][0-9][0-9A-HJKPSTUW]?|[A-PR-UWYZ][A-HK-Y][0-9][0-9ABEHMNPRV-Y]?)([0-9][ABD-HJLNP-UW-Z]{2})|(GIR)(0AA))$/;
const OTHER_POSTCODE = /^[A-Z0-9][A-Z0-9 -]{0,8}[A-Z0-9]$/;

function digits(value: string, n: number): string | null {
  const d = value.replaceAll(' ', '');
  return d.length === n && /^\d+$/.test(d) ? d : null;
}

/**
 * A postal code checked with its country's rules and normalised, as the
 * server does: 5 digits for FR, DE, IT, ES (FR and DE never start with 00,
 * ES with a province 01-52); 4 for BE (not starting with 0); 4+3 for PT
 * ("1000-001"); UK postcodes ("SW1A 1AA"); 2 to 10 letters, digits, spaces
 * or hyphens elsewhere.
 */
export function normalizePostcode(country: string, raw: string): { value: string; code: RuleCode | null } {
  const c = country.trim().toUpperCase();
  const s = raw.trim().split(/\s+/).filter(Boolean).join(' ').toUpperCase();
  const invalid = { value: raw.trim(), code: ZIPCODE_INVALID };
  if (s === '') return invalid;
  switch (c) {
    case 'FR':
    case 'DE': {
      const d = digits(s, 5);
      return d && !d.startsWith('00') ? { value: d, code: null } : invalid;
    }
    case 'IT': {
      const d = digits(s, 5);
      return d ? { value: d, code: null } : invalid;
    }
    case 'ES': {
      const d = digits(s, 5);
      return d && d.slice(0, 2) >= '01' && d.slice(0, 2) <= '52' ? { value: d, code: null } : invalid;
    }
    case 'BE': {
      const d = digits(s, 4);
      return d && !d.startsWith('0') ? { value: d, code: null } : invalid;
    }
    case 'PT': {
      const d = digits(s.replace('-', ''), 7);
      const separated = s.length === 7 || s[4] === '-' || s[4] === ' ';
      return d && !d.startsWith('0') && separated ? { value: `${d.slice(0, 4)}-${d.slice(4)}`, code: null } : invalid;
    }
    case 'GB':
    case 'UK': {
      const m = UK_POSTCODE.exec(s.replaceAll(' ', ''));
      if (!m) return invalid;
      return { value: m[3] ? `${m[3]} ${m[4]}` : `${m[1]} ${m[2]}`, code: null };
    }
    default:
      return OTHER_POSTCODE.test(s) ? { value: s, code: null } : invalid;
  }
}

export function postcodeRule(country: string, raw: string): RuleCode | null {
  return normalizePostcode(country, raw).code;
}

/** An example of a valid postal code, shown as a hint for the country. */
export const POSTCODE_EXAMPLES: Readonly<Record<string, string>> = {
  FR: '75001',
  DE: '10115',
  IT: '00118',
  ES: '28001',
  BE: '1000',
  PT: '1000-001',
  GB: 'SW1A 1AA',
};

export const CITY_MIN = 2;
export const CITY_MAX = 100;

export function cityRule(raw: string): RuleCode | null {
  if (charCount(raw.trim()) < CITY_MIN) return 'validation.city_too_short';
  if (charCount(raw) > CITY_MAX) return 'validation.city_too_long';
  return null;
}

export function countryRule(code: string, allowed: readonly string[]): RuleCode | null {
  if (code.trim() === '') return 'validation.country_required';
  return allowed.includes(code) ? null : 'validation.country_invalid';
}

/** The address needs the coordinates of a place picked in the search. */
export function coordinatesRule(latitude: number | null | undefined, longitude: number | null | undefined): RuleCode | null {
  if (latitude === null || latitude === undefined || longitude === null || longitude === undefined) {
    return 'validation.coordinates_required';
  }
  if (latitude < -90 || latitude > 90 || longitude < -180 || longitude > 180) return 'validation.coordinates_invalid';
  return null;
}

/** A website, completed with https:// when it has no scheme, as the server saves it. */
export function completeWebsite(raw: string): string {
  const value = raw.trim();
  if (value === '' || value.includes('://')) return value;
  return `https://${value}`;
}

/** Empty is allowed; otherwise a parseable http(s) address with a dotted host. */
export function websiteRule(raw: string): RuleCode | null {
  const value = completeWebsite(raw);
  if (value === '') return null;
  if (value.length > 255) return 'validation.website_invalid';
  try {
    const url = new URL(value);
    if (url.protocol !== 'http:' && url.protocol !== 'https:') return 'validation.website_invalid';
    if (!url.hostname.includes('.') || /[ _]/.test(url.hostname) || /[ _]/.test(value.split('://')[1]?.split('/')[0] ?? '')) {
      return 'validation.website_invalid';
    }
    return null;
  } catch {
    return 'validation.website_invalid';
  }
}

export const SIRET_LENGTH = 14;

/** Keeps the digits only, at most 14: what the SIRET field accepts. */
export function siretInput(raw: string): string {
  return raw.replace(/\D/g, '').slice(0, SIRET_LENGTH);
}

export const DESCRIPTION_MAX = 2000;
export const BUDGET_MAX = 10_000_000;

/** A starting budget in whole euros: empty, or a number from 0. */
export function budgetRule(raw: string): RuleCode | null {
  const value = raw.trim();
  if (value === '') return null;
  if (!/^\d+$/.test(value) || Number(value) > BUDGET_MAX) return 'validation.budget_invalid';
  return null;
}

export function descriptionRule(raw: string): RuleCode | null {
  return charCount(raw) > DESCRIPTION_MAX ? 'validation.description_too_long' : null;
}
