import { charCount } from '@/lib/validation/password-strength';
import type { RuleCode } from '@/lib/validation/rules';

/**
 * The rules of an address (postal code per country, town, country, the
 * position of a place picked in the search), shared with the server
 * (internal/validate/postcode.go) and by every form with an address: the
 * company's, the venue's. Each returns null when the value is valid, else
 * the code of its message.
 */

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
