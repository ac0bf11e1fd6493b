/**
 * Company numbers per country, the browser's mirror of the server's rules
 * (internal/validate/company_number.go): the same normalisation and check
 * digits, so the form says what is wrong before saving; the server decides.
 * France's SIRET keeps its own field and register check (siret-field.tsx).
 */

export const COMPANY_NUMBER_MAX = 120;

type Rule = (raw: string) => boolean;

/** Uppercase, without the separators people type (spaces, dots, dashes, slashes). */
function compact(raw: string): string {
  return raw.replace(/[\s./-]/g, '').toUpperCase();
}

const digits = (s: string, n: number) => new RegExp(`^\\d{${n}}$`).test(s);

function luhn(s: string): boolean {
  let sum = 0;
  for (let i = 0; i < s.length; i++) {
    let d = Number(s[i]);
    if ((s.length - i) % 2 === 0) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return sum % 10 === 0;
}

function siret(raw: string): boolean {
  const n = compact(raw);
  if (!digits(n, 14)) return false;
  if (n.startsWith('356000000')) return [...n].reduce((sum, d) => sum + Number(d), 0) % 5 === 0;
  return luhn(n);
}

function belgian(raw: string): boolean {
  let n = compact(raw).replace(/^BE/, '');
  if (digits(n, 9)) n = `0${n}`;
  if (!digits(n, 10) || (n[0] !== '0' && n[0] !== '1')) return false;
  return 97 - (Number(n.slice(0, 8)) % 97) === Number(n.slice(8));
}

const UK_PREFIXES = new Set(
  'AC BR CE CS FC FE GE GN GS IC IP LP NA NC NF NI NL NO NP NR NZ OC R0 RC SA SC SE SF SG SI SL SO SP SR SZ ZC'.split(' '),
);

function british(raw: string): boolean {
  const n = compact(raw);
  return digits(n, 8) || (n.length === 8 && UK_PREFIXES.has(n.slice(0, 2)) && digits(n.slice(2), 6));
}

function mod1110(d: string): boolean {
  let p = 10;
  for (let i = 0; i < d.length - 1; i++) {
    let sum = (Number(d[i]) + p) % 10;
    if (sum === 0) sum = 10;
    p = (2 * sum) % 11;
  }
  const check = 11 - p === 10 ? 0 : 11 - p;
  return check === Number(d[d.length - 1]);
}

const HR_ENTRY = /^HR\s*[AB]\s*0*[1-9]\d{0,5}(\s+[A-Z])?$/i;
const HR_COURT = /^(amtsgericht|ag)\s+\p{Lu}[\p{L}\-. ()]{1,50}$/iu;

function german(raw: string): boolean {
  const vat = compact(raw);
  if (/^DE\d{9}$/.test(vat)) return mod1110(vat.slice(2));
  const t = raw.replace(/\s+/g, ' ').trim();
  let entry = t;
  let court = '';
  const comma = t.indexOf(',');
  if (comma !== -1) {
    entry = t.slice(0, comma).trim();
    court = t.slice(comma + 1).trim();
  } else if (!HR_ENTRY.test(t)) {
    const m = /^(.+?)[,\s]+(HR\s*[AB]\s*\d.*)$/i.exec(t);
    if (m) {
      court = (m[1] ?? '').trim();
      entry = (m[2] ?? '').trim();
    }
  }
  // Only an upper-case letter after the number (Berlin's B), as on the server.
  const suffix = /\s([A-Za-z])$/.exec(entry)?.[1];
  if (suffix && suffix !== suffix.toUpperCase()) return false;
  return HR_ENTRY.test(entry) && (court === '' || HR_COURT.test(court));
}

function italian(raw: string): boolean {
  const n = compact(raw).replace(/^IT/, '');
  return digits(n, 11) && n.slice(0, 7) !== '0000000' && luhn(n);
}

const DNI = 'TRWAGMYFPDXBNJZSQVHLCKE';
const CIF = 'JABCDEFGHI';

function spanish(raw: string): boolean {
  const n = compact(raw).replace(/^ES/, '');
  if (n.length !== 9) return false;
  const first = n[0] ?? '';
  const body = n.slice(1, 8);
  const last = n[8];
  if (!digits(body, 7)) return false;
  if (/\d/.test(first)) return digits(n.slice(0, 8), 8) && DNI[Number(n.slice(0, 8)) % 23] === last;
  if ('XYZ'.includes(first)) return DNI[Number(`${'XYZ'.indexOf(first)}${body}`) % 23] === last;
  if (!'ABCDEFGHJKLMNPQRSUVW'.includes(first)) return false;
  let sum = 0;
  for (let i = 0; i < 7; i++) {
    let d = Number(body[i]);
    if (i % 2 === 0) {
      d *= 2;
      d = Math.floor(d / 10) + (d % 10);
    }
    sum += d;
  }
  const digit = (10 - (sum % 10)) % 10;
  const byDigit = last === String(digit);
  const byLetter = last === CIF[digit];
  if ('KLMNPQRSW'.includes(first)) return byLetter;
  if ('ABEH'.includes(first)) return byDigit;
  return byDigit || byLetter;
}

function portuguese(raw: string): boolean {
  const n = compact(raw).replace(/^PT/, '');
  if (!digits(n, 9) || n[0] === '0' || (n[0] === '4' && n[1] !== '5')) return false;
  let sum = 0;
  for (let i = 0; i < 8; i++) sum += Number(n[i]) * (9 - i);
  const check = 11 - (sum % 11) >= 10 ? 0 : 11 - (sum % 11);
  return check === Number(n[8]);
}

const RULES: Record<string, Rule> = { FR: siret, BE: belgian, GB: british, DE: german, IT: italian, ES: spanish, PT: portuguese };

/** Whether a company of this country is asked for its number (SIRET, enterprise number…). */
export function hasCompanyNumber(country: string): boolean {
  return country in RULES;
}

/** The message key of a malformed number, naming the country's number. */
export function companyNumberFormatCode(country: string): string {
  return country === 'FR' ? 'siret.errors.format' : `company_number.errors.${country.toLowerCase()}`;
}

/** The problem with a company number typed for this country, or null (also for a country without a number). */
export function companyNumberIssue(country: string, raw: string): string | null {
  const rule = RULES[country];
  if (!rule) return null;
  if (raw.trim() === '') return 'validation.required';
  if (raw.length > COMPANY_NUMBER_MAX || !rule(raw)) return companyNumberFormatCode(country);
  return null;
}
