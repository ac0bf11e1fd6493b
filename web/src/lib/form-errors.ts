import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';
import { isApiError } from '@/lib/api-error';
import { fieldMessageKey } from '@/lib/validation/rules';

/**
 * Where a server field name goes in the form: a list of names that are the
 * same on both sides, a table from the server's names to the form's, or a
 * function (null or undefined: the field has no place in this form).
 */
export type FieldTargets<T extends FieldValues> =
  | readonly Path<T>[]
  | Readonly<Record<string, Path<T>>>
  | ((serverField: string) => Path<T> | null | undefined);

export interface FieldErrorOptions<T extends FieldValues> {
  targets: FieldTargets<T>;
  /** Says which message keys exist; a code without one gets fallbackKey. */
  i18n: { exists: (key: string) => boolean };
  /** The message key for a field code that has no text of its own. */
  fallbackKey: string;
  /** The message keys tried for a code, the first that exists wins; by default the code's own key. */
  keysFor?: (code: string) => readonly string[];
  /** Takes the focus to the first field refused (in the server's order). */
  shouldFocus?: boolean;
}

export interface AppliedFieldErrors {
  /** How many form fields got a message. */
  placed: number;
  /** The server's field names that have no place in the form. */
  unplaced: string[];
}

function targetOf<T extends FieldValues>(targets: FieldTargets<T>, serverField: string): Path<T> | null {
  if (typeof targets === 'function') return targets(serverField) ?? null;
  if (Array.isArray(targets)) return (targets as readonly string[]).includes(serverField) ? (serverField as Path<T>) : null;
  const named = targets as Readonly<Record<string, Path<T>>>;
  return Object.hasOwn(named, serverField) ? (named[serverField] ?? null) : null;
}

/**
 * Puts the field codes of a server refusal (`{"fields": {field: code}}`,
 * DECISIONS.md "What bad input gets") under the form's fields, as messages
 * keys of type 'server'. Anything but an ApiError places nothing.
 */
export function applyFieldErrors<T extends FieldValues>(
  error: unknown,
  setError: UseFormSetError<T>,
  { targets, i18n, fallbackKey, keysFor = (code) => [fieldMessageKey(code)], shouldFocus = false }: FieldErrorOptions<NoInfer<T>>,
): AppliedFieldErrors {
  const applied: AppliedFieldErrors = { placed: 0, unplaced: [] };
  if (!isApiError(error)) return applied;
  for (const [serverField, code] of Object.entries(error.fields)) {
    const name = targetOf(targets, serverField);
    if (!name) {
      applied.unplaced.push(serverField);
      continue;
    }
    const message = keysFor(code).find((key) => i18n.exists(key)) ?? fallbackKey;
    setError(name, { type: 'server', message }, { shouldFocus: shouldFocus && applied.placed === 0 });
    applied.placed += 1;
  }
  return applied;
}

/** Whether a refusal named at least one of these fields (its message then sits under the field, not above the form). */
export function hasFieldErrors(error: unknown, fields: readonly string[]): boolean {
  return isApiError(error) && fields.some((field) => Boolean(error.fields[field]));
}
