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
