import { VideosPage } from '@/features/videos/components/videos-page';

export function Component() {
  return <VideosPage />;
}
