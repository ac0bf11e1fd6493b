import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { refreshPortfolio, type PortfolioImage } from '@/features/portfolios/api/get-portfolio';
import { apiFetch } from '@/lib/api-client';
import { ApiError } from '@/lib/api-error';
import { getToken } from '@/lib/auth/token-storage';

export type FileRefusal = { file: string; error: string; message: string };
export type UploadReply = { images: PortfolioImage[]; errors: FileRefusal[] };

/** Part 2 §7: uploads get 30 s rather than the 15 s of other calls. */
export const UPLOAD_TIMEOUT_MS = 30_000;

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

export interface UploadBatch {
  files: File[];
  onProgress: (p: UploadProgress) => void;
}

/** One batch of photos; the screen sends the batches one after the other, then calls useRefreshPortfolio's callback. */
export function useUploadImages(id: string) {
  return useMutation({ mutationFn: ({ files, onProgress }: UploadBatch) => uploadImages(id, files, onProgress) });
}

/** Reads the portfolio again once its photos changed (uploads done), then marks the list stale. */
export function useRefreshPortfolio(id: string): () => Promise<void> {
  const queryClient = useQueryClient();
  return useCallback(() => refreshPortfolio(queryClient, id), [queryClient, id]);
}
