import { ModerationPage } from '@/features/admin/components/moderation-page';

export function Component() {
  return <ModerationPage />;
}
