import { z } from 'zod/mini';
import { isCountryCode, phoneRule, type CountryCode } from '@/lib/validation/phone';
import { deletionReasonRule, emailRule, passwordPolicyRule, personNameRule } from '@/lib/validation/rules';
import { ruled } from '@/lib/validation/zod-rules';

/** The registration form's messages are keyed register.validation.* (part 1 §5). */
export const registerKey = (code: string) => code.replace(/^validation\./, 'register.validation.');

export const PROVIDER_ROLES = ['ROLE_PRESTATAIRE', 'ROLE_VENUE'] as const;

function checkPhone(country: string, phone: string, key: (code: string) => string = (code) => code): string | null {
  const code = phoneRule(phone, isCountryCode(country) ? country : ('FR' as CountryCode));
  return code ? key(code) : null;
}

export const registerSchema = z
  .object({
    role: z.enum(PROVIDER_ROLES),
    firstname: ruled(personNameRule, registerKey),
    lastname: ruled(personNameRule, registerKey),
    email: ruled(emailRule, registerKey),
    phoneCountry: z.string(),
    phone: z.string().check(z.trim()),
    password: ruled(passwordPolicyRule, registerKey),
    terms: z.boolean().check(z.refine((value) => value, { error: 'register.validation.terms_required' })),
  })
  .check(
    z.superRefine((values, ctx) => {
      const message = checkPhone(values.phoneCountry, values.phone, registerKey);
      if (message) ctx.addIssue({ code: 'custom', message, path: ['phone'], input: values });
    }),
  );

export type RegisterValues = z.input<typeof registerSchema>;

/** First and last names on the account page. */
export const personalInfoSchema = z.object({
  firstname: ruled(personNameRule),
  lastname: ruled(personNameRule),
});

export type PersonalInfoValues = z.input<typeof personalInfoSchema>;

export const emailSchema = z.object({ email: ruled(emailRule) });

export type EmailValues = z.input<typeof emailSchema>;

export const phoneSchema = z
  .object({ phoneCountry: z.string(), phone: z.string().check(z.trim()) })
  .check(
    z.superRefine((values, ctx) => {
      const message = checkPhone(values.phoneCountry, values.phone);
      if (message) ctx.addIssue({ code: 'custom', message, path: ['phone'], input: values });
    }),
  );

export type PhoneValues = z.input<typeof phoneSchema>;

/** The one-time code texted to a new number: exactly six digits. */
export const otpSchema = z.object({
  code: z.string().check(z.trim(), z.regex(/^\d{6}$/, { error: 'account.phone.errors.code_format' })),
});

export const deletionSchema = z.object({ reason: ruled(deletionReasonRule) });

export type DeletionValues = z.input<typeof deletionSchema>;
