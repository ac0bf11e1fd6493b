import { http, HttpResponse } from 'msw';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { setSessionExpiredHandler } from '@/lib/api-client';
import { ApiError } from '@/lib/api-error';
import { getToken, setTokens } from '@/lib/auth/token-storage';
import { UPLOAD_TIMEOUT_MS, uploadWithProgress } from '@/lib/upload';
import { server } from '@/test/msw-server';

type Outcome = { status: number; body: unknown } | 'timeout' | 'error';

/** A stand-in XMLHttpRequest: each send() plays the next outcome, with two progress events first. */
class FakeRequest {
  static outcomes: Outcome[] = [];
  static sent: FakeRequest[] = [];
  headers: Record<string, string> = {};
  url = '';
  timeout = 0;
  status = 0;
  responseText = '';
  body: unknown = null;
  upload: { onprogress: ((event: { lengthComputable: boolean; loaded: number; total: number }) => void) | null } = { onprogress: null };
  onload: (() => void) | null = null;
  ontimeout: (() => void) | null = null;
  onerror: (() => void) | null = null;
  onabort: (() => void) | null = null;

  open(_method: string, url: string) {
    this.url = url;
  }
  setRequestHeader(name: string, value: string) {
    this.headers[name] = value;
  }
  abort() {
    this.onabort?.();
  }
  send(body: unknown) {
    this.body = body;
    FakeRequest.sent.push(this);
    const outcome = FakeRequest.outcomes.shift() ?? 'error';
    queueMicrotask(() => {
      this.upload.onprogress?.({ lengthComputable: true, loaded: 25, total: 100 });
      this.upload.onprogress?.({ lengthComputable: true, loaded: 75, total: 100 });
      if (outcome === 'timeout') this.ontimeout?.();
      else if (outcome === 'error') this.onerror?.();
      else {
        this.status = outcome.status;
        this.responseText = JSON.stringify(outcome.body);
        this.onload?.();
      }
    });
  }
}

const createRequest = () => new FakeRequest() as unknown as XMLHttpRequest;

describe('uploads with progress', () => {
  const expired = vi.fn<() => void>();
  beforeEach(() => {
    FakeRequest.outcomes = [];
    FakeRequest.sent = [];
    expired.mockReset();
    setSessionExpiredHandler(expired);
  });

  it('sends the form with the bearer token and a 30 s timeout, and reports progress up to the end', async () => {
    setTokens('access-1', 'refresh-1');
    FakeRequest.outcomes = [{ status: 201, body: { image: { id: 'p1' } } }];
    const progress: number[] = [];
    const form = new FormData();
    const reply = await uploadWithProgress<{ image: { id: string } }>({ path: '/api/images/upload', form, onProgress: (p) => progress.push(p), createRequest });
    expect(reply.image.id).toBe('p1');
    const [request] = FakeRequest.sent;
    expect(request?.headers.Authorization).toBe('Bearer access-1');
    expect(request?.timeout).toBe(UPLOAD_TIMEOUT_MS);
    expect(UPLOAD_TIMEOUT_MS).toBe(30_000);
    expect(request?.url).toMatch(/\/api\/images\/upload$/);
    expect(request?.body).toBe(form);
    expect(progress).toEqual([0.25, 0.75, 1]);
  });

  it('turns a timeout into the timeout error and a refusal into the server error', async () => {
    setTokens('access-1', 'refresh-1');
    FakeRequest.outcomes = ['timeout', { status: 422, body: { error: 'errors.validation', message: 'Invalid', fields: { image: 'photos.upload.error.too_small' } } }];
    await expect(uploadWithProgress({ path: '/api/images/upload', form: new FormData(), createRequest })).rejects.toMatchObject({ status: 0, code: 'timeout' });
    const refusal = await uploadWithProgress({ path: '/api/images/upload', form: new FormData(), createRequest }).catch((e: unknown) => e);
    expect(refusal).toBeInstanceOf(ApiError);
    expect(refusal).toMatchObject({ status: 422, fields: { image: 'photos.upload.error.too_small' } });
  });

  it('refreshes the session on a 401 and sends again with the new token', async () => {
    setTokens('old', 'refresh-1');
    server.use(http.post('*/api/token/refresh', () => HttpResponse.json({ token: 'new', refresh_token: 'refresh-2' })));
    FakeRequest.outcomes = [{ status: 401, body: { error: 'errors.unauthorized' } }, { status: 201, body: { ok: true } }];
    await expect(uploadWithProgress({ path: '/api/images/upload', form: new FormData(), createRequest })).resolves.toEqual({ ok: true });
    expect(FakeRequest.sent.map((r) => r.headers.Authorization)).toEqual(['Bearer old', 'Bearer new']);
    expect(expired).not.toHaveBeenCalled();
  });

  it('ends the session when the refresh is refused', async () => {
    setTokens('old', 'refresh-1');
    server.use(http.post('*/api/token/refresh', () => HttpResponse.json({ error: 'errors.unauthorized' }, { status: 401 })));
    FakeRequest.outcomes = [{ status: 401, body: { error: 'errors.unauthorized' } }];
    await expect(uploadWithProgress({ path: '/api/images/upload', form: new FormData(), createRequest })).rejects.toMatchObject({ status: 401 });
    expect(FakeRequest.sent).toHaveLength(1);
    expect(getToken()).toBeNull();
    expect(expired).toHaveBeenCalledOnce();
  });
});
