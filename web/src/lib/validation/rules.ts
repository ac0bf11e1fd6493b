import { charCount, scorePassword } from '@/lib/validation/password-strength';

/**
 * The field rules shared with the server (internal/validate, DECISIONS.md).
 * Each returns null when the value is valid, else the code of its message:
 * the same codes the server puts in an error's `fields`, so one dictionary
 * translates both. Values are checked trimmed, as the server does.
 */
export type RuleCode = string;

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** Simple pattern, a single @, local part ≤ 64, domain ≤ 255, each label 1-63. */
export function emailRule(raw: string): RuleCode | null {
  const value = raw.trim();
  if (value === '') return 'validation.email_required';
  if (!EMAIL.test(value) || value.split('@').length !== 2) return 'validation.email_invalid';
  const [local = '', domain = ''] = value.split('@');
  if (local.length > 64 || domain.length > 255) return 'validation.email_invalid';
  if (domain.split('.').some((label) => label === '' || label.length > 63)) return 'validation.email_invalid';
  return null;
}

const NAME = /^\p{L}[\p{L}\p{M} '’-]*$/u;
export const NAME_MIN = 2;
export const NAME_MAX = 50;

/** First and last names: 2 to 50 letters (accented), spaces, hyphens, apostrophes. */
export function personNameRule(raw: string): RuleCode | null {
  const value = raw.trim();
  const length = charCount(value);
  if (length === 0) return 'validation.required';
  if (length < NAME_MIN) return 'validation.min_length_2';
  if (length > NAME_MAX) return 'validation.max_length_50';
  if (!NAME.test(value)) return 'validation.name_characters';
  return null;
}

export const PASSWORD_MAX_BYTES = 256;

/**
 * The one password policy (DECISIONS.md): at least 8 characters with a
 * lowercase, an uppercase, a digit and a special character.
 */
export function passwordPolicyRule(raw: string): RuleCode | null {
  const value = raw.trim();
  if (scorePassword(value).score < 5) return 'validation.password_policy';
  if (new TextEncoder().encode(value).length > PASSWORD_MAX_BYTES) return 'validation.password_too_long';
  return null;
}

export const DELETION_REASON_MIN = 30;

/** The reason for closing an account: at least 30 characters after trimming. */
export function deletionReasonRule(raw: string): RuleCode | null {
  return charCount(raw.trim()) >= DELETION_REASON_MIN ? null : 'account.delete.errors.reason_too_short';
}

/**
 * The dictionary key of a server field code. The server names its password
 * policy `validation.password_requirements`, a key the sign-in form uses for
 * its own, shorter rule (part 1 §5), so it is read as the policy here.
 */
export function fieldMessageKey(code: string): string {
  return code === 'validation.password_requirements' ? 'validation.password_policy' : code;
}
