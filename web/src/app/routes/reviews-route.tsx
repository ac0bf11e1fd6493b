import { useQuery } from '@tanstack/react-query';
import { COMPANY_DETAILS_KEY, getCompanyDetails } from '@/features/company/api/get-company-details';
import { ReviewsPage } from '@/features/reviews/components/reviews-page';

/** The printed review card carries the company's name, which the company feature owns. */
export function Component() {
  const company = useQuery({ queryKey: COMPANY_DETAILS_KEY, queryFn: getCompanyDetails });
  return <ReviewsPage companyName={company.data?.name} />;
}
