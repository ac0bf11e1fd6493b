/**
 * Every API error body is `{"error": code, "message": localized text,
 * "fields": {field: code}}` (DECISIONS.md, "What bad input gets").
 * Transport failures get status 0 and the codes `timeout` or `network`.
 */
export class ApiError extends Error {
  readonly status: number;
  readonly code: string;
  readonly fields: Readonly<Record<string, string>>;

  constructor(status: number, code: string, message: string, fields: Record<string, string> = {}) {
    super(message || code);
    this.name = 'ApiError';
    this.status = status;
    this.code = code;
    this.fields = fields;
  }

  /** Builds the error from a response status and its (parsed) body. */
  static from(status: number, body: unknown): ApiError {
    if (body && typeof body === 'object') {
      const { error, message, fields } = body as Record<string, unknown>;
      const fieldCodes: Record<string, string> = {};
      if (fields && typeof fields === 'object') {
        for (const [key, value] of Object.entries(fields as Record<string, unknown>)) {
          if (typeof value === 'string') fieldCodes[key] = value;
        }
      }
      return new ApiError(
        status,
        typeof error === 'string' && error ? error : `http_${status}`,
        typeof message === 'string' ? message : '',
        fieldCodes,
      );
    }
    return new ApiError(status, `http_${status}`, typeof body === 'string' ? body.slice(0, 200) : '');
  }
}

export function isApiError(value: unknown): value is ApiError {
  return value instanceof ApiError;
}

type Translate = (key: string) => string;

/**
 * The text to show for a failed call: transport failures and throttling get
 * their own message, otherwise the server's (already in the user's language),
 * else the given fallback key.
 */
export function describeError(error: unknown, t: Translate, fallbackKey = 'errors.generic'): string {
  if (!isApiError(error)) return t(fallbackKey);
  if (error.code === 'timeout') return t('errors.timeout');
  if (error.status === 0) return t('errors.network');
  if (error.status === 429) return error.message && error.message !== error.code ? error.message : t('errors.tooManyAttempts');
  if (error.status >= 500) return t(fallbackKey);
  if (error.message && error.message !== error.code && error.code !== 'errors.validation') {
    return error.message;
  }
  return t(fallbackKey);
}
