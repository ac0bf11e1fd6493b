import { api, apiFetch, unwrap } from '@/lib/api-client';
import { ApiError } from '@/lib/api-error';
import type { components, paths } from '@/lib/api/schema';
import { getToken } from '@/lib/auth/token-storage';

export type Portfolio = components['schemas']['Portfolio'];
export type PortfolioImage = components['schemas']['PortfolioImage'];
export type PortfolioInput = components['schemas']['PortfolioInput'];
export type PortfolioList = paths['/api/portfolios']['get']['responses']['200']['content']['application/json'];
export type FileRefusal = { file: string; error: string; message: string };
export type UploadReply = { images: PortfolioImage[]; errors: FileRefusal[] };
export type ViewsPeriod = 'today' | '7days' | '30days';
export type PortfolioViewPoint = { portfolioId: string; title: string; date: string; views: number };

/** Part 2 §7: uploads get 30 s rather than the 15 s of other calls. */
export const UPLOAD_TIMEOUT_MS = 30_000;

export function listPortfolios(signal?: AbortSignal): Promise<PortfolioList> {
  return unwrap(api.GET('/api/portfolios', { signal }));
}

export function getPortfolio(id: string, signal?: AbortSignal): Promise<Portfolio> {
  return unwrap(api.GET('/api/portfolios/{id}', { params: { path: { id } }, signal }));
}

export function createPortfolio(body: PortfolioInput): Promise<Portfolio> {
  return unwrap(api.POST('/api/portfolios', { body }));
}

export function updatePortfolio(id: string, body: PortfolioInput): Promise<Portfolio> {
  return unwrap(api.PUT('/api/portfolios/{id}', { params: { path: { id } }, body }));
}

export async function deletePortfolio(id: string): Promise<void> {
  await unwrap(api.DELETE('/api/portfolios/{id}', { params: { path: { id } } }));
}

export function setPublished(id: string, published: boolean): Promise<Portfolio> {
  const params = { params: { path: { id } } };
  return unwrap(published ? api.POST('/api/portfolios/{id}/publish', params) : api.POST('/api/portfolios/{id}/unpublish', params));
}

export async function removeImage(id: string, imageId: string): Promise<void> {
  await unwrap(api.DELETE('/api/portfolios/{id}/images/{imageId}', { params: { path: { id, imageId } } }));
}

export function setCaption(id: string, imageId: string, caption: string): Promise<PortfolioImage> {
  return unwrap(api.PUT('/api/portfolios/{id}/images/{imageId}/caption', { params: { path: { id, imageId } }, body: { caption } }));
}

export function setKeyImage(id: string, imageId: string): Promise<Portfolio> {
  return unwrap(api.PUT('/api/portfolios/{id}/images/{imageId}/key', { params: { path: { id, imageId } } }));
}

export function reorderImages(id: string, imageIds: string[]): Promise<Portfolio> {
  return unwrap(api.PUT('/api/portfolios/{id}/images/order', { params: { path: { id } }, body: { imageIds } }));
}

export async function getPublicUrl(id: string, signal?: AbortSignal): Promise<string | null> {
  const reply = await unwrap(api.GET('/api/portfolios/{id}/public-url', { params: { path: { id } }, signal }));
  return reply.url ?? null;
}

export async function getPortfolioViews(period: ViewsPeriod, signal?: AbortSignal): Promise<PortfolioViewPoint[]> {
  const reply = await unwrap(api.GET('/api/statistics/portfolio-views', { params: { query: { period } }, signal }));
  return reply.data;
}

/** The bytes sent so far and the total of one upload request. */
export type UploadProgress = { loaded: number; total: number };

function send(id: string, files: File[], onProgress: (p: UploadProgress) => void, signal?: AbortSignal): Promise<{ status: number; body: unknown }> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    const form = new FormData();
    for (const file of files) form.append('images[]', file, file.name);
    xhr.open('POST', `/api/portfolios/${encodeURIComponent(id)}/images`);
    const token = getToken();
    if (token) xhr.setRequestHeader('Authorization', `Bearer ${token}`);
    xhr.setRequestHeader('Accept', 'application/json');
    if (document.documentElement.lang) xhr.setRequestHeader('Accept-Language', document.documentElement.lang);
    xhr.timeout = UPLOAD_TIMEOUT_MS;
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable) onProgress({ loaded: event.loaded, total: event.total });
    };
    xhr.onload = () => {
      let body: unknown = xhr.responseText;
      try {
        body = JSON.parse(xhr.responseText);
      } catch {
        // not JSON: ApiError.from keeps the start of the text
      }
      resolve({ status: xhr.status, body });
    };
    xhr.ontimeout = () => reject(new ApiError(0, 'timeout', 'The server took too long to answer.'));
    xhr.onerror = () => reject(new ApiError(0, 'network', 'The server could not be reached.'));
    xhr.onabort = () => reject(new DOMException('Aborted', 'AbortError'));
    signal?.addEventListener('abort', () => xhr.abort(), { once: true });
    xhr.send(form);
  });
}

/**
 * POST /api/portfolios/{id}/images (multipart images[]) through
 * XMLHttpRequest, the one browser API that reports the upload's progress.
 * An expired token is refreshed by a light authenticated call, then the
 * files are sent once more.
 */
export async function uploadImages(id: string, files: File[], onProgress: (p: UploadProgress) => void, signal?: AbortSignal): Promise<UploadReply> {
  let reply = await send(id, files, onProgress, signal);
  if (reply.status === 401) {
    const me = await apiFetch(new Request(new URL('/api/me', window.location.origin)));
    if (me.ok) reply = await send(id, files, onProgress, signal);
  }
  if (reply.status < 200 || reply.status >= 300) throw ApiError.from(reply.status, reply.body);
  return reply.body as UploadReply;
}

