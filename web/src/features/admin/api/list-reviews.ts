import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api, unwrap } from '@/lib/api-client';
import type { components } from '@/lib/api/schema';

export type AdminReview = components['schemas']['AdminReview'];
export type ReviewStatus = AdminReview['status'];

export const REVIEW_STATUSES: readonly ReviewStatus[] = ['pending', 'approved', 'rejected'];

export interface ReviewsPage {
  items: AdminReview[];
  total: number;
  page: number;
  pageSize: number;
}

export const reviewsKey = ['admin', 'reviews'] as const;

/** GET /api/admin/reviews?status=&page=: pending oldest first, decided ones newest first (25 a page). */
export async function listReviews(status: ReviewStatus, page: number): Promise<ReviewsPage> {
  return unwrap(api.GET('/api/admin/reviews', { params: { query: { status, page } } }));
}

export function useAdminReviews(status: ReviewStatus, page: number) {
  return useQuery({
    queryKey: [...reviewsKey, status, page],
    queryFn: () => listReviews(status, page),
    placeholderData: keepPreviousData,
  });
}
