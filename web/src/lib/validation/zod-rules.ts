import { z } from 'zod/mini';

type Rule = (value: string) => string | null;

/**
 * A trimmed string checked by one of the shared rules; the issue's message
 * is the dictionary key of the rule's code (mapped by `key`, e.g. to the
 * register.validation.* keys of the registration form).
 */
export function ruled(rule: Rule, key: (code: string) => string = (code) => code) {
  return z.string().check(
    z.trim(),
    z.superRefine((value, ctx) => {
      const code = rule(value);
      if (code) ctx.addIssue({ code: 'custom', message: key(code), input: value });
    }),
  );
}
