import { isApiError } from '@/lib/api-error';

interface I18nLike {
  t: (key: string) => string;
  exists: (key: string) => boolean;
}

/**
 * The text of a failed upload (part 2 §8): the server's own message first,
 * then each refused field's message, one per line; the transport's failures
 * and the statuses that say it all get their own text.
 */
export function uploadErrorText(error: unknown, { t, exists }: I18nLike): string {
  if (!isApiError(error)) return t('photos.upload.error.upload_failed');
  if (error.code === 'timeout') return t('photos.upload.error.timeout');
  if (error.status === 0) return t('photos.upload.error.upload_failed');
  if (error.status === 413) return t('photos.upload.error.too_large');
  if (error.status === 415) return t('photos.upload.error.invalid_format');
  const lines: string[] = [];
  const hasOwnMessage = error.message !== '' && error.message !== error.code && error.code !== 'errors.validation';
  if (hasOwnMessage) lines.push(error.message);
  for (const code of Object.values(error.fields)) {
    if (hasOwnMessage && code === error.code) continue;
    if (exists(code)) lines.push(t(code));
  }
  if (lines.length === 0 && exists(error.code)) lines.push(t(error.code));
  if (lines.length === 0) lines.push(t(error.status >= 500 ? 'photos.upload.error.save_failed' : 'photos.upload.error.upload_failed'));
  return [...new Set(lines)].join('\n');
}
