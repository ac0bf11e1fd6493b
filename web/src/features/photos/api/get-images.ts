import { useQuery } from '@tanstack/react-query';
import { api, unwrap } from '@/lib/api-client';
import type { components } from '@/lib/api/schema';

export type Gallery = components['schemas']['Gallery'];
export type GalleryImage = components['schemas']['Image'];

export const IMAGES_QUERY_KEY = ['images'] as const;

/** GET /api/images -> the gallery in its owner's order, with the quota. */
export async function getImages(signal?: AbortSignal): Promise<Gallery> {
  return unwrap(api.GET('/api/images', { signal }));
}

export function useImages() {
  return useQuery({ queryKey: IMAGES_QUERY_KEY, queryFn: ({ signal }) => getImages(signal) });
}
