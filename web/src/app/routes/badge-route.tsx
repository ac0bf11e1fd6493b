import { BadgePage } from '@/features/badge/components/badge-page';

export function Component() {
  return <BadgePage />;
}
