import { expireSession, renewSession } from '@/lib/api-client';
import { ApiError } from '@/lib/api-error';
import { getToken } from '@/lib/auth/token-storage';

/** Part 2 §7: an upload may take 30 s, twice the other calls. */
export const UPLOAD_TIMEOUT_MS = 30_000;

export interface UploadOptions {
  /** The API path, e.g. /api/images/upload. */
  path: string;
  form: FormData;
  /** Called with the share of the body sent so far, 0 to 1. */
  onProgress?: (sent: number) => void;
  signal?: AbortSignal;
  timeoutMs?: number;
  /** Injected by tests: happy-dom sends no upload progress. */
  createRequest?: () => XMLHttpRequest;
}

interface Reply {
  status: number;
  body: unknown;
}

function parse(text: string): unknown {
  if (!text) return null;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

/** One POST of the form; transport failures become ApiError(0, timeout | network). */
function send(options: UploadOptions, token: string | null): Promise<Reply> {
  const { path, onProgress, signal, timeoutMs = UPLOAD_TIMEOUT_MS, createRequest = () => new XMLHttpRequest() } = options;
  return new Promise((resolve, reject) => {
    if (signal?.aborted) {
      reject(new DOMException('The upload was cancelled.', 'AbortError'));
      return;
    }
    const xhr = createRequest();
    const abort = () => xhr.abort();
    const done = () => signal?.removeEventListener('abort', abort);
    xhr.open('POST', new URL(path, window.location.origin).toString());
    xhr.timeout = timeoutMs;
    xhr.setRequestHeader('Accept', 'application/json');
    if (token) xhr.setRequestHeader('Authorization', `Bearer ${token}`);
    const lang = document.documentElement.lang;
    if (lang) xhr.setRequestHeader('Accept-Language', lang);
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) onProgress?.(event.loaded / event.total);
    };
    xhr.onload = () => {
      done();
      // Every byte has left once the server answers, whatever the events said.
      onProgress?.(1);
      resolve({ status: xhr.status, body: parse(xhr.responseText) });
    };
    xhr.ontimeout = () => {
      done();
      reject(new ApiError(0, 'timeout', 'The server took too long to answer.'));
    };
    xhr.onerror = () => {
      done();
      reject(new ApiError(0, 'network', 'The server could not be reached.'));
    };
    xhr.onabort = () => {
      done();
      reject(new DOMException('The upload was cancelled.', 'AbortError'));
    };
    signal?.addEventListener('abort', abort, { once: true });
    xhr.send(options.form);
  });
}

/**
 * POSTs a multipart form with XMLHttpRequest, which, unlike fetch, reports
 * the upload's progress. Like every API call: the bearer token, the user's
 * language, a timeout (30 s), and on a 401 one session refresh then one
 * retry, else the session ends. Returns the parsed reply or throws an
 * ApiError.
 */
export async function uploadWithProgress<T>(options: UploadOptions): Promise<T> {
  const token = getToken();
  let reply = await send(options, token);
  if (reply.status === 401 && token !== null) {
    if (!(await renewSession(token))) throw ApiError.from(401, reply.body);
    options.onProgress?.(0);
    reply = await send(options, getToken());
    if (reply.status === 401) expireSession();
  }
  if (reply.status < 200 || reply.status >= 300) throw ApiError.from(reply.status, reply.body);
  return reply.body as T;
}
