import { CompanyAddressPage } from '@/features/company/components/company-address-page';

export function Component() {
  return <CompanyAddressPage />;
}
