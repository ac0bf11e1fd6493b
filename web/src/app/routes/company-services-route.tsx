import { CompanyServicesPage } from '@/features/company/components/company-services-page';

export function Component() {
  return <CompanyServicesPage />;
}
