import { describe, expect, it } from 'vitest';
import { isStrongEnough, scorePassword } from '@/lib/validation/password-strength';

describe('the password strength scorer', () => {
  it.each([
    ['', 0, 'none'],
    ['a', 1, 'veryWeak'],
    ['aB', 2, 'weak'],
    ['aB3', 3, 'good'],
    ['aB3!', 4, 'veryGood'],
    ['aB3!efgh', 5, 'excellent'],
    ['abcdefgh', 2, 'weak'],
    ['ABCDEFGH1', 3, 'good'],
    ['        ', 1, 'veryWeak'],
  ])('scores %j as %i (%s)', (password, score, level) => {
    expect(scorePassword(password)).toMatchObject({ score, level });
  });

  it('names each criterion', () => {
    expect(scorePassword('Abc!').criteria).toEqual({
      lowercase: true,
      uppercase: true,
      digit: false,
      special: true,
      length: false,
    });
  });

  it('counts accented letters as letters and symbols as special characters', () => {
    expect(scorePassword('Éléonore').criteria).toMatchObject({ lowercase: true, uppercase: true, special: false, length: true });
    expect(scorePassword('€').criteria.special).toBe(true);
    expect(scorePassword('a b').criteria.special).toBe(false);
  });

  it('counts characters, not UTF-16 units, for the length', () => {
    expect(scorePassword('😀😀😀😀😀😀😀').criteria.length).toBe(false);
    expect(scorePassword('😀😀😀😀😀😀😀😀').criteria.length).toBe(true);
  });

  it('asks for at least "good" on the security page', () => {
    expect(isStrongEnough('aB')).toBe(false);
    expect(isStrongEnough('aB3')).toBe(true);
  });
});
