import { ImagesPage } from '@/features/photos/components/images-page';

export function Component() {
  return <ImagesPage />;
}
