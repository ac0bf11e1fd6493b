import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
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

/** PUT (write, replace) or DELETE /api/reviews/{id}/reply -> the review with its reply; the list is fetched again. */
export function useSetReply(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (reply: string | null) =>
      unwrap(
        reply === null
          ? api.DELETE('/api/reviews/{id}/reply', { params: { path: { id } } })
          : api.PUT('/api/reviews/{id}/reply', { params: { path: { id } }, body: { reply } }),
      ),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['reviews'] }),
  });
}
