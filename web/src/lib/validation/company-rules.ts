import { charCount } from '@/lib/validation/password-strength';
import type { RuleCode } from '@/lib/validation/rules';

/**
 * The company rules shared with the server (internal/validate/company.go).
 * Each returns null when the value is valid, else the code of its message:
 * the codes the server puts in an error's `fields`. The address's rules are
 * in address-rules.ts, the website's in website-rules.ts: venues use them too.
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
