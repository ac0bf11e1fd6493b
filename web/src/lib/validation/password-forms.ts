import { z } from 'zod/mini';
import { isStrongEnough } from '@/lib/validation/password-strength';
import { passwordPolicyRule } from '@/lib/validation/rules';
import { ruled } from '@/lib/validation/zod-rules';

/** The reset page: new password (the policy) and its confirmation, both trimmed. */
export const resetPasswordSchema = z
  .object({
    newPassword: ruled(passwordPolicyRule),
    confirmPassword: z.string().check(z.trim()),
  })
  .check(
    z.superRefine((values, ctx) => {
      if (values.confirmPassword !== values.newPassword) {
        ctx.addIssue({ code: 'custom', message: 'validation.passwords_mismatch', path: ['confirmPassword'], input: values });
      }
    }),
  );

export type ResetPasswordValues = z.input<typeof resetPasswordSchema>;

/**
 * The security page: the current password, a new one of strength "good" or
 * better that meets the server's policy, and its confirmation.
 */
export const changePasswordSchema = z
  .object({
    currentPassword: z.string().check(z.minLength(1, { error: 'validation.required' })),
    newPassword: z.string().check(
      z.trim(),
      z.superRefine((value, ctx) => {
        if (!isStrongEnough(value)) ctx.addIssue({ code: 'custom', message: 'security.errors.too_weak', input: value });
        else {
          const code = passwordPolicyRule(value);
          if (code) ctx.addIssue({ code: 'custom', message: code, input: value });
        }
      }),
    ),
    confirmPassword: z.string().check(z.trim()),
  })
  .check(
    z.superRefine((values, ctx) => {
      if (values.confirmPassword !== values.newPassword) {
        ctx.addIssue({ code: 'custom', message: 'validation.passwords_mismatch', path: ['confirmPassword'], input: values });
      }
    }),
  );

export type ChangePasswordValues = z.input<typeof changePasswordSchema>;
