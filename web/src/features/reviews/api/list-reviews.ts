import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api, unwrap } from '@/lib/api-client';
import type { paths } from '@/lib/api/schema';
import { queryKeys } from '@/lib/query-keys';

export type ReviewPage = paths['/api/reviews']['get']['responses']['200']['content']['application/json'];
export type Review = ReviewPage['items'][number];

/** Part 2 §9: reviews come 10 a page. */
export const REVIEWS_PAGE_SIZE = 10;

/** GET /api/reviews?page=&limit=10 -> approved reviews, newest first, with the average, the count and the review link. */
export function listReviews(page: number, signal?: AbortSignal): Promise<ReviewPage> {
  return unwrap(api.GET('/api/reviews', { params: { query: { page, limit: REVIEWS_PAGE_SIZE } }, signal }));
}

export function reviewsQueryOptions(page: number) {
  return queryOptions({ queryKey: queryKeys.reviews.page(page), queryFn: ({ signal }) => listReviews(page, signal) });
}

/** One page; the previous one stays on screen while it loads. */
export function useReviews(page: number) {
  return useQuery({ ...reviewsQueryOptions(page), placeholderData: keepPreviousData });
}
