import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api, unwrap } from '@/lib/api-client';
import type { paths } from '@/lib/api/schema';

export type ReviewPage = paths['/api/reviews']['get']['responses']['200']['content']['application/json'];
export type Review = ReviewPage['items'][number];

/** Part 2 §9: reviews come 10 a page. */
export const REVIEWS_PAGE_SIZE = 10;

export const reviewsKey = (page: number) => ['reviews', page] as const;

/** GET /api/reviews?page=&limit=10 -> approved reviews, newest first, with the average, the count and the review link. */
export function useReviews(page: number) {
  return useQuery({
    queryKey: reviewsKey(page),
    queryFn: ({ signal }) => unwrap(api.GET('/api/reviews', { params: { query: { page, limit: REVIEWS_PAGE_SIZE } }, signal })),
    placeholderData: keepPreviousData,
  });
}
