import { describe, expect, it } from 'vitest';
import { deletionSchema, personalInfoSchema, registerSchema, type RegisterValues } from '@/lib/validation/account-forms';
import { changePasswordSchema, resetPasswordSchema } from '@/lib/validation/password-forms';

function issues(result: { success: boolean; error?: { issues: Array<{ path: PropertyKey[]; message: string }> } }) {
  return Object.fromEntries((result.error?.issues ?? []).map((issue) => [issue.path.join('.'), issue.message]));
}

const registration: RegisterValues = {
  role: 'ROLE_PRESTATAIRE',
  firstname: 'Camille',
  lastname: 'Durand',
  email: 'camille@noces.test',
  phoneCountry: 'FR',
  phone: '06 12 34 56 78',
  password: 'Demo-2026!',
  terms: true,
};

describe('the registration schema', () => {
  it('accepts a complete registration and trims it', () => {
    const result = registerSchema.safeParse({ ...registration, firstname: '  Camille ', email: ' camille@noces.test ' });
    expect(result.success).toBe(true);
    expect(result.data).toMatchObject({ firstname: 'Camille', email: 'camille@noces.test' });
  });

  it('keys every message register.validation.*', () => {
    const result = registerSchema.safeParse({
      ...registration,
      firstname: 'C',
      lastname: 'D4',
      email: 'nope',
      phone: '0612',
      password: 'password',
      terms: false,
    });
    expect(issues(result)).toEqual({
      firstname: 'register.validation.min_length_2',
      lastname: 'register.validation.name_characters',
      email: 'register.validation.email_invalid',
      phone: 'register.validation.phone_too_short',
      password: 'register.validation.password_policy',
      terms: 'register.validation.terms_required',
    });
  });

  it('checks the phone against the chosen country', () => {
    expect(issues(registerSchema.safeParse({ ...registration, phoneCountry: 'GB' }))).toEqual({
      phone: 'register.validation.phone_invalid',
    });
    expect(registerSchema.safeParse({ ...registration, phoneCountry: 'BE', phone: '0470 12 34 56' }).success).toBe(true);
  });

  it('defaults to planner or venue only', () => {
    expect(registerSchema.safeParse({ ...registration, role: 'ROLE_ADMIN' as 'ROLE_VENUE' }).success).toBe(false);
  });
});

describe('the personal information schema', () => {
  it('uses the shared name messages', () => {
    expect(issues(personalInfoSchema.safeParse({ firstname: '', lastname: 'x'.repeat(51) }))).toEqual({
      firstname: 'validation.required',
      lastname: 'validation.max_length_50',
    });
  });
});

describe('the reset page schema', () => {
  it('asks for the policy and a matching confirmation, both trimmed', () => {
    expect(issues(resetPasswordSchema.safeParse({ newPassword: 'short', confirmPassword: 'short' }))).toEqual({
      newPassword: 'validation.password_policy',
    });
    expect(issues(resetPasswordSchema.safeParse({ newPassword: 'Demo-2026!', confirmPassword: 'Demo-2026?' }))).toEqual({
      confirmPassword: 'validation.passwords_mismatch',
    });
    expect(resetPasswordSchema.safeParse({ newPassword: ' Demo-2026! ', confirmPassword: 'Demo-2026!' }).success).toBe(true);
  });
});

describe('the security page schema', () => {
  it('asks for the current password', () => {
    expect(issues(changePasswordSchema.safeParse({ currentPassword: '', newPassword: 'Demo-2027!', confirmPassword: 'Demo-2027!' }))).toEqual({
      currentPassword: 'validation.required',
    });
  });

  it('refuses a password below "good", then one that misses the policy', () => {
    expect(issues(changePasswordSchema.safeParse({ currentPassword: 'x', newPassword: 'ab', confirmPassword: 'ab' }))).toEqual({
      newPassword: 'security.errors.too_weak',
    });
    expect(issues(changePasswordSchema.safeParse({ currentPassword: 'x', newPassword: 'Abc1', confirmPassword: 'Abc1' }))).toEqual({
      newPassword: 'validation.password_policy',
    });
  });
});

describe('the deletion schema', () => {
  it('needs 30 characters after trimming', () => {
    expect(issues(deletionSchema.safeParse({ reason: `  ${'x'.repeat(29)}  ` }))).toEqual({
      reason: 'account.delete.errors.reason_too_short',
    });
    expect(deletionSchema.safeParse({ reason: 'x'.repeat(30) }).success).toBe(true);
  });
});
