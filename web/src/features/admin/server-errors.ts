import type { i18n as I18n, TFunction } from 'i18next';
import { describeError, isApiError } from '@/lib/api-error';

/**
 * The message of a failed admin call: the server's own text (already in the
 * user's language) for a refusal, a transport message otherwise.
 */
export function errorMessage(error: unknown, t: TFunction): string {
  // "Some fields are not valid." comes translated too; each field then says which.
  if (isApiError(error) && error.code === 'errors.validation' && error.message && error.message !== error.code) return error.message;
  return describeError(error, (key) => t(key), 'admin.errors.generic');
}

/**
 * The message for one field of a refused form: the server sends a code per
 * field, which is a key of the texts (admin.validation.*, validation.*).
 */
export function fieldError(error: unknown, field: string, t: TFunction, i18n: Pick<I18n, 'exists'>): string | undefined {
  if (!isApiError(error)) return undefined;
  const code = error.fields[field];
  if (!code) return undefined;
  return i18n.exists(code) ? t(code) : t('admin.form.invalidField');
}
