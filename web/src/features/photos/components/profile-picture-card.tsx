import DeleteOutlineIcon from '@mui/icons-material/DeleteOutlined';
import PhotoCameraIcon from '@mui/icons-material/PhotoCamera';
import Alert from '@mui/material/Alert';
import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Typography from '@mui/material/Typography';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useRef, useState, type ChangeEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { deleteProfileImage } from '@/features/account/api/delete-profile-image';
import { uploadProfileImage } from '@/features/account/api/upload-profile-image';
import {
  checkProfileImage,
  PROFILE_IMAGE_TYPES,
  withCacheBust,
  type ImageSize,
  type ProfileImageProblem,
} from '@/features/account/components/profile-image-checks';
import { SectionCard } from '@/components/ui/section-card';
import { useNotify } from '@/components/ui/snackbar-provider';
import { visuallyHidden } from '@/components/ui/visually-hidden';
import { isApiError } from '@/lib/api-error';
import { ME_QUERY_KEY } from '@/lib/auth/session';
import type { User } from '@/lib/auth/user';

type UploadProblem = ProfileImageProblem | 'timeout' | 'upload_failed' | 'save_failed';

const PROBLEM_KEYS: Record<UploadProblem, string> = {
  invalid_format: 'account.picture.errors.invalidFormat',
  too_large: 'account.picture.errors.tooLarge',
  too_small: 'account.picture.errors.tooSmall',
  timeout: 'account.picture.errors.timeout',
  upload_failed: 'account.picture.errors.uploadFailed',
  save_failed: 'account.picture.errors.saveFailed',
};

/** What went wrong with an upload, from the server's answer. */
function uploadProblem(error: unknown): UploadProblem {
  if (!isApiError(error)) return 'upload_failed';
  if (error.code === 'timeout') return 'timeout';
  if (error.status === 415 || error.code === 'profile_image.errors.invalid_format') return 'invalid_format';
  if (error.status === 413 || error.code === 'profile_image.errors.too_large') return 'too_large';
  if (error.fields.image === 'profile_image.errors.too_small') return 'too_small';
  if (error.status >= 500) return 'save_failed';
  return 'upload_failed';
}

function initials(user: Pick<User, 'firstname' | 'lastname' | 'email'>): string {
  const value = `${user.firstname?.[0] ?? ''}${user.lastname?.[0] ?? ''}`.toUpperCase();
  return value || (user.email[0] ?? '?').toUpperCase();
}

interface ProfilePictureCardProps {
  user: User;
  /** Injected by tests: jsdom cannot decode images. */
  readSize?: (file: Blob) => Promise<ImageSize | null>;
}

export function ProfilePictureCard({ user, readSize }: ProfilePictureCardProps) {
  const { t } = useTranslation();
  const notify = useNotify();
  const queryClient = useQueryClient();
  const [problem, setProblem] = useState<UploadProblem | null>(null);
  // The server's own words for what only it can tell: the image's dimensions
  // (read from its header) or too many images being processed.
  const [serverMessage, setServerMessage] = useState<string | null>(null);
  const [checking, setChecking] = useState(false);
  const fileInput = useRef<HTMLInputElement>(null);

  const setAvatar = (avatar: string | null) =>
    queryClient.setQueryData<User>(ME_QUERY_KEY, (current) =>
      current ? { ...current, avatar, hasProfilePicture: avatar !== null } : current,
    );

  const upload = useMutation({
    mutationFn: (file: File) => uploadProfileImage(file, file.name),
    onSuccess: (url) => {
      setAvatar(withCacheBust(url, Date.now()));
      notify(t('account.picture.uploaded'));
    },
    onError: (error) => {
      if (isApiError(error) && error.code.startsWith('images.errors.') && error.message && error.message !== error.code) {
        setServerMessage(error.message);
        return;
      }
      setProblem(uploadProblem(error));
    },
  });

  const remove = useMutation({
    mutationFn: deleteProfileImage,
    onSuccess: () => {
      setAvatar(null);
      notify(t('account.picture.deleted'));
    },
    onError: () => notify(t('account.picture.errors.deleteFailed'), 'error'),
  });

  const onFile = async (event: ChangeEvent<HTMLInputElement>) => {
    const input = event.currentTarget;
    const file = input.files?.[0];
    input.value = '';
    if (!file) return;
    setProblem(null);
    setServerMessage(null);
    setChecking(true);
    const found = await checkProfileImage(file, readSize);
    setChecking(false);
    if (found) {
      setProblem(found);
      return;
    }
    upload.mutate(file);
  };

  const busy = checking || upload.isPending || remove.isPending;

  return (
    <SectionCard title={t('account.picture.title')} description={t('account.picture.rules')} data-testid="picture-card">
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 3, flexWrap: 'wrap' }}>
        <Avatar
          src={user.avatar ?? undefined}
          alt={user.avatar ? t('account.picture.alt') : ''}
          sx={{ width: 96, height: 96, fontSize: 32, bgcolor: 'primary.main' }}
          data-testid="account-avatar"
        >
          <span aria-hidden="true">{initials(user)}</span>
        </Avatar>
        <Box sx={{ display: 'flex', flexDirection: 'column', gap: 1, alignItems: 'flex-start' }}>
          <Button
            variant="contained"
            startIcon={busy && !remove.isPending ? <CircularProgress size={16} color="inherit" aria-hidden="true" /> : <PhotoCameraIcon />}
            disabled={busy}
            onClick={() => fileInput.current?.click()}
          >
            {user.avatar ? t('account.picture.change') : t('account.picture.upload')}
          </Button>
          {/* Opened by the button above; hidden from the keyboard and screen readers. */}
          <Box
            component="input"
            ref={fileInput}
            type="file"
            accept={PROFILE_IMAGE_TYPES.join(',')}
            tabIndex={-1}
            aria-hidden="true"
            onChange={(event: ChangeEvent<HTMLInputElement>) => void onFile(event)}
            sx={visuallyHidden}
            data-testid="picture-input"
          />
          {user.avatar && (
            <Button
              color="error"
              startIcon={remove.isPending ? <CircularProgress size={16} color="inherit" aria-hidden="true" /> : <DeleteOutlineIcon />}
              onClick={() => {
                setProblem(null);
                setServerMessage(null);
                remove.mutate();
              }}
              disabled={busy}
            >
              {t('account.picture.delete')}
            </Button>
          )}
          {upload.isPending && (
            <Typography variant="body2" color="text.secondary" role="status">
              {t('account.picture.uploading')}
            </Typography>
          )}
        </Box>
      </Box>
      {(problem || serverMessage) && (
        <Alert severity="error" sx={{ mt: 2 }} data-testid="picture-error">
          {problem ? t(PROBLEM_KEYS[problem]) : serverMessage}
        </Alert>
      )}
    </SectionCard>
  );
}
