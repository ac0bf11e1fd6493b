import ChevronLeftRoundedIcon from '@mui/icons-material/ChevronLeftRounded';
import ChevronRightRoundedIcon from '@mui/icons-material/ChevronRightRounded';
import CloseIcon from '@mui/icons-material/Close';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Dialog from '@mui/material/Dialog';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import IconButton from '@mui/material/IconButton';
import { useTheme } from '@mui/material/styles';
import useMediaQuery from '@mui/material/useMediaQuery';
import Typography from '@mui/material/Typography';
import { useId, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { AdminVenuePhoto } from '@/features/admin/api/list-venues';

interface VenuePhotoViewerProps {
  venueName: string;
  photos: AdminVenuePhoto[];
  /** The photo shown, or null when the viewer is closed. */
  index: number | null;
  onIndex: (index: number) => void;
  onClose: () => void;
}

/** A venue's photos one at a time, large, with their texts; arrows or the keyboard move through them. */
export function VenuePhotoViewer({ venueName, photos, index, onIndex, onClose }: VenuePhotoViewerProps) {
  const { t } = useTranslation();
  const titleId = useId();
  // A phone gives the photo the whole screen.
  const phone = useMediaQuery(useTheme().breakpoints.down('sm'));
  const photo = index === null ? undefined : photos[index];
  const count = photos.length;
  const move = (step: number) => {
    if (index !== null && count > 0) onIndex((index + step + count) % count);
  };
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'ArrowLeft') move(-1);
    if (event.key === 'ArrowRight') move(1);
  };

  return (
    <Dialog open={photo !== undefined} onClose={onClose} aria-labelledby={titleId} maxWidth="lg" fullWidth fullScreen={phone} onKeyDown={onKeyDown}>
      {photo && index !== null && (
        <>
          <DialogTitle id={titleId} sx={{ display: 'flex', alignItems: 'center', gap: 1, pr: 1 }}>
            <Box component="span" sx={{ flex: 1, minWidth: 0, overflowWrap: 'anywhere' }}>
              {t('admin.venues.photos.viewerTitle', { name: venueName, index: index + 1, total: count })}
            </Box>
            <IconButton onClick={onClose} aria-label={t('common.close')}>
              <CloseIcon />
            </IconButton>
          </DialogTitle>
          <DialogContent sx={{ display: 'flex', flexDirection: 'column', gap: 1.5 }}>
            <Box sx={{ position: 'relative', bgcolor: 'grey.900', borderRadius: 1, overflow: 'hidden' }}>
              <Box
                component="img"
                src={photo.imageUrl}
                alt={photo.alt || photo.title || t('admin.venues.photos.noAlt')}
                width={photo.width}
                height={photo.height}
                sx={{ display: 'block', width: '100%', height: 'auto', maxHeight: '70vh', objectFit: 'contain' }}
                data-testid="venue-photo-large"
              />
              {count > 1 && (
                <>
                  <IconButton
                    onClick={() => move(-1)}
                    aria-label={t('admin.venues.photos.previous')}
                    sx={{ position: 'absolute', left: 8, top: '50%', transform: 'translateY(-50%)', bgcolor: 'background.paper', '&:hover': { bgcolor: 'background.paper' } }}
                  >
                    <ChevronLeftRoundedIcon />
                  </IconButton>
                  <IconButton
                    onClick={() => move(1)}
                    aria-label={t('admin.venues.photos.next')}
                    sx={{ position: 'absolute', right: 8, top: '50%', transform: 'translateY(-50%)', bgcolor: 'background.paper', '&:hover': { bgcolor: 'background.paper' } }}
                  >
                    <ChevronRightRoundedIcon />
                  </IconButton>
                </>
              )}
            </Box>
            <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap', alignItems: 'center' }}>
              {photo.isKeyImage && <Chip size="small" color="primary" label={t('admin.venues.photos.key')} />}
              {!photo.isVisible && <Chip size="small" variant="outlined" label={t('admin.venues.photos.hidden')} />}
              <Typography variant="body2" color="text.secondary">
                {t('admin.venues.photos.size', { width: photo.width, height: photo.height })}
              </Typography>
            </Box>
            {[photo.title, photo.caption].some(Boolean) && (
              <Typography>{[photo.title, photo.caption].filter(Boolean).join(' · ')}</Typography>
            )}
            <Typography variant="body2" color={photo.alt ? 'text.secondary' : 'warning.main'}>
              {photo.alt ? t('admin.venues.photos.alt', { alt: photo.alt }) : t('admin.venues.photos.noAlt')}
            </Typography>
          </DialogContent>
        </>
      )}
    </Dialog>
  );
}
