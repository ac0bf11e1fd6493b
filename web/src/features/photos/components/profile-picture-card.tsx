import DeleteOutlineIcon from '@mui/icons-material/DeleteOutlined';
import PhotoCameraIcon from '@mui/icons-material/PhotoCamera';
import Alert from '@mui/material/Alert';
import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import LinearProgress from '@mui/material/LinearProgress';
import Typography from '@mui/material/Typography';
import { useEffect, useId, useRef, useState, type ChangeEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useDeleteProfileImage } from '@/features/photos/api/delete-profile-image';
import { useUploadProfileImage } from '@/features/photos/api/upload-profile-image';
import { CropArea } from '@/features/photos/components/crop-area';
import { CropError, cropImage, type PixelArea } from '@/features/photos/components/crop-image';
import { checkImage, IMAGE_TYPES, type ImageSize } from '@/features/photos/components/image-checks';
import { uploadErrorText } from '@/features/photos/components/upload-errors';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { SectionCard } from '@/components/ui/section-card';
import { useNotify } from '@/components/ui/snackbar-provider';
import { visuallyHidden } from '@/components/ui/visually-hidden';
import type { User } from '@/lib/auth/user';

function initials(user: Pick<User, 'firstname' | 'lastname' | 'email'>): string {
  const value = `${user.firstname?.[0] ?? ''}${user.lastname?.[0] ?? ''}`.toUpperCase();
  return value || (user.email[0] ?? '?').toUpperCase();
}

interface ProfilePictureCardProps {
  user: User;
  /** Injected by tests: happy-dom cannot decode images. */
  readSize?: (file: Blob) => Promise<ImageSize | null>;
  /** Injected by tests: happy-dom has no canvas. */
  crop?: (src: string, area: PixelArea) => Promise<Blob>;
}

/** The profile picture (sidebar, public page): cropped to a square before it is sent, replaced, deleted after a confirmation. */
export function ProfilePictureCard({ user, readSize, crop = cropImage }: ProfilePictureCardProps) {
  const { t, i18n } = useTranslation();
  const notify = useNotify();
  const titleId = useId();
  const [error, setError] = useState<string | null>(null);
  const [source, setSource] = useState<string | null>(null);
  const [area, setArea] = useState<{ pixels: PixelArea; ok: boolean } | null>(null);
  const [progress, setProgress] = useState(0);
  const [confirmDelete, setConfirmDelete] = useState(false);
  const fileInput = useRef<HTMLInputElement>(null);

  useEffect(() => () => {
    if (source) URL.revokeObjectURL(source);
  }, [source]);

  // The crop runs inside the upload, so that its failure (CropError) is the upload's.
  const cropped = async (src: string, pixels: PixelArea) => {
    const blob = await crop(src, pixels);
    setProgress(0);
    return blob;
  };
  const upload = useUploadProfileImage({
    onSuccess: () => {
      setSource(null);
      notify(t('photos.picture.uploaded'));
    },
    onError: (failure) => {
      setSource(null);
      setError(failure instanceof CropError ? t('photos.upload.error.crop_failed') : uploadErrorText(failure, i18n));
    },
  });

  const remove = useDeleteProfileImage({
    onSuccess: () => {
      setConfirmDelete(false);
      notify(t('photos.picture.deleted'));
    },
  });

  const onFile = async (event: ChangeEvent<HTMLInputElement>) => {
    const input = event.currentTarget;
    const file = input.files?.[0];
    input.value = '';
    if (!file) return;
    setError(null);
    const checked = await checkImage(file, readSize);
    if ('problem' in checked) {
      setError(t(`photos.upload.error.${checked.problem}`));
      return;
    }
    setArea(null);
    setSource(URL.createObjectURL(file));
  };

  const busy = upload.isPending || remove.isPending;

  return (
    <SectionCard title={t('photos.picture.title')} description={t('photos.picture.rules')} data-testid="picture-card">
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 3, flexWrap: 'wrap' }}>
        <Avatar
          src={user.avatar ?? undefined}
          alt={user.avatar ? t('photos.picture.alt') : ''}
          sx={{ width: 112, height: 112, fontSize: 36, bgcolor: 'primary.main' }}
          data-testid="profile-avatar"
        >
          <span aria-hidden="true">{initials(user)}</span>
        </Avatar>
        <Box sx={{ display: 'flex', flexDirection: 'column', gap: 1, alignItems: 'flex-start', minWidth: 0 }}>
          <Button variant="contained" startIcon={<PhotoCameraIcon />} disabled={busy} onClick={() => fileInput.current?.click()}>
            {user.avatar ? t('photos.picture.change') : t('photos.picture.upload')}
          </Button>
          {/* Opened by the button above; hidden from the keyboard and screen readers. */}
          <Box
            component="input"
            ref={fileInput}
            type="file"
            accept={IMAGE_TYPES.join(',')}
            tabIndex={-1}
            aria-hidden="true"
            onChange={(event: ChangeEvent<HTMLInputElement>) => void onFile(event)}
            sx={visuallyHidden}
            data-testid="picture-input"
          />
          {user.avatar && (
            <Button color="error" startIcon={<DeleteOutlineIcon />} onClick={() => setConfirmDelete(true)} disabled={busy}>
              {t('photos.picture.delete')}
            </Button>
          )}
        </Box>
      </Box>
      {error && (
        <Alert severity="error" sx={{ mt: 2, whiteSpace: 'pre-line' }} data-testid="picture-error">
          {error}
        </Alert>
      )}

      <Dialog open={source !== null} onClose={busy ? undefined : () => setSource(null)} aria-labelledby={titleId} fullWidth maxWidth="sm">
        <DialogTitle id={titleId}>{t('photos.picture.cropTitle')}</DialogTitle>
        <DialogContent>
          {source && <CropArea src={source} aspect={1} round onChange={(pixels, ok) => setArea({ pixels, ok })} />}
          {upload.isPending && (
            <Box sx={{ mt: 2 }} role="status">
              <Typography variant="body2" color="text.secondary" sx={{ mb: 0.5 }}>
                {t('photos.picture.uploading')}
              </Typography>
              <LinearProgress variant="determinate" value={Math.round(progress * 100)} aria-label={t('photos.picture.uploading')} />
            </Box>
          )}
        </DialogContent>
        <DialogActions sx={{ px: 3, pb: 2 }}>
          <Button onClick={() => setSource(null)} disabled={busy}>
            {t('common.cancel')}
          </Button>
          <Button
            variant="contained"
            disabled={busy || !area?.ok}
            startIcon={busy ? <CircularProgress size={16} color="inherit" aria-hidden="true" /> : undefined}
            onClick={() => source && area && upload.mutate({ prepare: () => cropped(source, area.pixels), onProgress: setProgress })}
          >
            {t('photos.picture.save')}
          </Button>
        </DialogActions>
      </Dialog>

      <ConfirmDialog
        open={confirmDelete}
        title={t('photos.picture.deleteTitle')}
        confirmLabel={t('photos.picture.delete')}
        color="error"
        pending={remove.isPending}
        error={remove.error}
        errorFallbackKey="photos.profile.delete.error"
        onConfirm={() => remove.mutate()}
        onClose={() => {
          setConfirmDelete(false);
          remove.reset();
        }}
      >
        <Typography>{t('photos.picture.deleteBody')}</Typography>
      </ConfirmDialog>
    </SectionCard>
  );
}
