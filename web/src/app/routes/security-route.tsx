import { SecurityPage } from '@/features/security/components/security-page';

export function Component() {
  return <SecurityPage />;
}
