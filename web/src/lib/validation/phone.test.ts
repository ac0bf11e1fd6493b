import { describe, expect, it } from 'vitest';
import { dialCode, formatNational, otherCountries, phoneRule, splitPhone, toE164 } from '@/lib/validation/phone';

describe('the phone rule (10 characters, valid for the country)', () => {
  it.each([
    ['06 12 34 56 78', 'FR', null],
    ['0612345678', 'FR', null],
    ['612345678', 'FR', null],
    ['+33 6 12 34 56 78', 'GB', null],
    ['0470 12 34 56', 'BE', null],
    ['07400 123456', 'GB', null],
    ['912 345 678', 'PT', null],
    ['', 'FR', 'validation.required'],
    ['0612', 'FR', 'validation.phone_too_short'],
    ['+336', 'FR', 'validation.phone_too_short'],
    ['07400 123456', 'FR', 'validation.phone_invalid'],
    ['00 00 00 00 00', 'FR', 'validation.phone_invalid'],
    ['not a phone number', 'FR', 'validation.phone_invalid'],
  ] as const)('%j in %s -> %s', (value, country, expected) => {
    expect(phoneRule(value, country)).toBe(expected);
  });

  it('sends numbers in E.164', () => {
    expect(toE164('06 12 34 56 78', 'FR')).toBe('+33612345678');
    expect(toE164('0470 12 34 56', 'BE')).toBe('+32470123456');
    expect(toE164('nope', 'FR')).toBeNull();
  });

  it('splits a stored number into its country and national form', () => {
    expect(splitPhone('+32470123456', 'FR')).toEqual({ country: 'BE', national: '0470 12 34 56' });
    expect(splitPhone('', 'FR')).toEqual({ country: 'FR', national: '' });
    expect(formatNational('0612345678', 'FR')).toBe('06 12 34 56 78');
  });

  it('lists the other countries with their dialling codes', () => {
    const others = otherCountries('en');
    expect(others).not.toContain('FR');
    expect(others).toContain('US');
    expect(dialCode('US')).toBe('+1');
  });
});
