import { queryOptions, useQuery, type QueryClient } from '@tanstack/react-query';
import { api, unwrap } from '@/lib/api-client';
import type { components } from '@/lib/api/schema';
import { queryKeys } from '@/lib/query-keys';

export type Gallery = components['schemas']['Gallery'];
export type GalleryImage = components['schemas']['Image'];

/** GET /api/images -> the gallery in its owner's order, with the quota. */
export async function getImages(signal?: AbortSignal): Promise<Gallery> {
  return unwrap(api.GET('/api/images', { signal }));
}

export function imagesQueryOptions() {
  return queryOptions({ queryKey: queryKeys.images, queryFn: ({ signal }) => getImages(signal) });
}

export function useImages() {
  return useQuery(imagesQueryOptions());
}

/** Applies a change the server just made to the cached gallery. */
export function patchGallery(queryClient: QueryClient, change: (current: Gallery) => Gallery): void {
  queryClient.setQueryData<Gallery>(queryKeys.images, (current) => (current ? change(current) : current));
}

/** After a photo came or went: the gallery, and /api/me (the profile's checklist counts the photos). */
export function refreshGallery(queryClient: QueryClient): Promise<unknown> {
  return Promise.all([queryClient.invalidateQueries({ queryKey: queryKeys.images }), queryClient.invalidateQueries({ queryKey: queryKeys.me })]);
}
