import { AccountPage } from '@/features/account/components/account-page';

export function Component() {
  return <AccountPage />;
}
