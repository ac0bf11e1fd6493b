import { describe, expect, it } from 'vitest';
import { deletionReasonRule, emailRule, fieldMessageKey, passwordPolicyRule, personNameRule } from '@/lib/validation/rules';

describe('the name rule (2-50 letters, spaces, hyphens, apostrophes)', () => {
  it.each([
    ['Camille', null],
    ['  Jo  ', null],
    ['Jean-Éric', null],
    ["D'Artagnan", null],
    ['O’Neill', null],
    ['María José', null],
    ['Zoë', null],
    ['', 'validation.required'],
    ['   ', 'validation.required'],
    ['J', 'validation.min_length_2'],
    ['a'.repeat(50), null],
    ['a'.repeat(51), 'validation.max_length_50'],
    ['R2D2', 'validation.name_characters'],
    ['Anne.', 'validation.name_characters'],
    ['-Anne', 'validation.name_characters'],
  ])('%j -> %s', (value, expected) => {
    expect(personNameRule(value)).toBe(expected);
  });
});

describe('the e-mail rule', () => {
  it.each([
    ['planner@noces.test', null],
    ['  planner@noces.test ', null],
    ['', 'validation.email_required'],
    ['planner', 'validation.email_invalid'],
    ['planner@noces', 'validation.email_invalid'],
    ['a@b@noces.test', 'validation.email_invalid'],
    [`${'a'.repeat(65)}@noces.test`, 'validation.email_invalid'],
    [`a@${'b'.repeat(64)}.test`, 'validation.email_invalid'],
    ['a@noces..test', 'validation.email_invalid'],
  ])('%j -> %s', (value, expected) => {
    expect(emailRule(value)).toBe(expected);
  });
});

describe('the password policy (8+ with lowercase, uppercase, digit, special)', () => {
  it.each([
    ['Demo-2026!', null],
    ['  Demo-2026!  ', null],
    ['Aa1!aaaa', null],
    ['Aa1!aaa', 'validation.password_policy'],
    ['aa1!aaaa', 'validation.password_policy'],
    ['AA1!AAAA', 'validation.password_policy'],
    ['Aa!aaaaa', 'validation.password_policy'],
    ['Aa1aaaaa', 'validation.password_policy'],
    [`Aa1!${'a'.repeat(253)}`, 'validation.password_too_long'],
  ])('%j -> %s', (value, expected) => {
    expect(passwordPolicyRule(value)).toBe(expected);
  });
});

describe('the deletion reason (30 characters after trimming)', () => {
  it('refuses 29 characters, even padded with spaces', () => {
    expect(deletionReasonRule(`   ${'x'.repeat(29)}    `)).toBe('account.delete.errors.reason_too_short');
  });
  it('accepts 30 characters', () => {
    expect(deletionReasonRule(` ${'x'.repeat(30)} `)).toBeNull();
  });
});

describe('server field codes', () => {
  it("read the server's password code as the policy, not the sign-in rule", () => {
    expect(fieldMessageKey('validation.password_requirements')).toBe('validation.password_policy');
    expect(fieldMessageKey('validation.min_length_2')).toBe('validation.min_length_2');
  });
});
