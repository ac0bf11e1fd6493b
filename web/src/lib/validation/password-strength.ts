/**
 * The password strength indicator of part 1 §5: five criteria (lowercase,
 * uppercase, digit, special character, length of at least 8), one point each.
 * The classes follow the server's policy check (internal/validate): a special
 * character is anything that is not a letter case, a digit or a space.
 */
export const STRENGTH_CRITERIA = ['lowercase', 'uppercase', 'digit', 'special', 'length'] as const;

export type StrengthCriterion = (typeof STRENGTH_CRITERIA)[number];

export const STRENGTH_LEVELS = ['none', 'veryWeak', 'weak', 'good', 'veryGood', 'excellent'] as const;

export type StrengthLevel = (typeof STRENGTH_LEVELS)[number];

export const MIN_PASSWORD_LENGTH = 8;

export interface PasswordStrength {
  /** 0 to 5: how many criteria are met. */
  score: number;
  level: StrengthLevel;
  criteria: Record<StrengthCriterion, boolean>;
}

const LOWER = /\p{Ll}/u;
const UPPER = /\p{Lu}/u;
const DIGIT = /\p{Nd}/u;
const SPECIAL = /[^\p{Ll}\p{Lu}\p{Nd}\s]/u;

/** Characters as the user sees them (code points), not UTF-16 units. */
export function charCount(value: string): number {
  return [...value].length;
}

export function scorePassword(password: string): PasswordStrength {
  const criteria: Record<StrengthCriterion, boolean> = {
    lowercase: LOWER.test(password),
    uppercase: UPPER.test(password),
    digit: DIGIT.test(password),
    special: SPECIAL.test(password),
    length: charCount(password) >= MIN_PASSWORD_LENGTH,
  };
  const score = STRENGTH_CRITERIA.filter((criterion) => criteria[criterion]).length;
  return { score, level: STRENGTH_LEVELS[score] ?? 'none', criteria };
}

/** At least "good" (3 of 5), the floor the security page asks for. */
export function isStrongEnough(password: string): boolean {
  return scorePassword(password).score >= 3;
}
