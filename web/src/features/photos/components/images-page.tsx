import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import type { PixelArea } from '@/features/photos/components/crop-image';
import { GalleryCard } from '@/features/photos/components/gallery-card';
import type { ImageSize } from '@/features/photos/components/image-checks';
import { ProfilePictureCard } from '@/features/photos/components/profile-picture-card';
import { useCurrentUser } from '@/lib/auth/session';

interface ImagesPageProps {
  /** Injected by tests: happy-dom cannot decode images nor draw on a canvas. */
  readSize?: (file: Blob) => Promise<ImageSize | null>;
  crop?: (src: string, area: PixelArea) => Promise<Blob>;
}

/** /images: the profile picture and the gallery of the public page. */
export function ImagesPage({ readSize, crop }: ImagesPageProps) {
  const { t } = useTranslation();
  const user = useCurrentUser();
  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', gap: 3 }}>
      <Box>
        <Typography variant="h1" sx={{ mb: 1 }}>
          {t('photos.title')}
        </Typography>
        <Typography color="text.secondary">{t('photos.subtitle')}</Typography>
      </Box>
      <ProfilePictureCard user={user} readSize={readSize} crop={crop} />
      <GalleryCard readSize={readSize} crop={crop} />
    </Box>
  );
}
