import { PortraitPage } from '@/features/portrait/components/portrait-page';

export function Component() {
  return <PortraitPage />;
}
