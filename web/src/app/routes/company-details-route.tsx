import { CompanyDetailsPage } from '@/features/company/components/company-details-page';

export function Component() {
  return <CompanyDetailsPage />;
}
