import { useCompanyDetails } from '@/features/company/api/get-company-details';
import { ReviewsPage } from '@/features/reviews/components/reviews-page';

/** The printed review card carries the company's name, which the company feature owns. */
export function Component() {
  const company = useCompanyDetails();
  return <ReviewsPage companyName={company.data?.name} />;
}
