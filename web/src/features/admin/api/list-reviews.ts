import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api, unwrap } from '@/lib/api-client';
import type { components } from '@/lib/api/schema';
import { queryKeys } from '@/lib/query-keys';

export type AdminReview = components['schemas']['AdminReview'];
export type ReviewStatus = AdminReview['status'];

export const REVIEW_STATUSES: readonly ReviewStatus[] = ['pending', 'approved', 'rejected'];

export interface ReviewsPage {
  items: AdminReview[];
  total: number;
  page: number;
  pageSize: number;
}

/** GET /api/admin/reviews?status=&page=: pending oldest first, decided ones newest first (25 a page). */
export async function listReviews(status: ReviewStatus, page: number): Promise<ReviewsPage> {
  return unwrap(api.GET('/api/admin/reviews', { params: { query: { status, page } } }));
}

export function adminReviewsQueryOptions(status: ReviewStatus, page: number) {
  return queryOptions({ queryKey: queryKeys.admin.reviews.page(status, page), queryFn: () => listReviews(status, page) });
}

/** One page; the previous one stays on screen while it loads. */
export function useAdminReviews(status: ReviewStatus, page: number) {
  return useQuery({ ...adminReviewsQueryOptions(status, page), placeholderData: keepPreviousData });
}
