import { zodResolver } from '@hookform/resolvers/zod';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import { useId } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { GalleryImage } from '@/features/photos/api/get-images';
import { useUpdateImage } from '@/features/photos/api/update-image';
import { DESCRIPTION_MAX, photoTextSchema, TITLE_MAX, type PhotoTextValues } from '@/features/photos/components/photo-form';
import { useNotify } from '@/components/ui/snackbar-provider';
import { TextInput } from '@/components/ui/text-input';
import { describeError } from '@/lib/api-error';
import { applyFieldErrors } from '@/lib/form-errors';

/** Changes a photo's title and description; the server's refusals go under their fields. */
export function EditPhotoDialog({ image, onClose }: { image: GalleryImage; onClose: () => void }) {
  const { t, i18n } = useTranslation();
  const notify = useNotify();
  const titleId = useId();
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm<PhotoTextValues>({
    resolver: zodResolver(photoTextSchema),
    mode: 'onTouched',
    defaultValues: { title: image.title, description: image.description },
  });
  const save = useUpdateImage(image.id, {
    onSuccess: () => {
      notify(t('photos.edit.saved'));
      onClose();
    },
    onError: (failure) => {
      applyFieldErrors(failure, setError, { targets: ['title', 'description'], i18n, fallbackKey: 'photos.edit.error', keysFor: (code) => [code] });
    },
  });
  const placed = save.error != null && Object.keys(errors).some((k) => errors[k as keyof PhotoTextValues]?.type === 'server');

  return (
    <Dialog open onClose={save.isPending ? undefined : onClose} aria-labelledby={titleId} fullWidth maxWidth="sm">
      <DialogTitle id={titleId}>{t('photos.edit.title')}</DialogTitle>
      <DialogContent>
        <Box
          component="form"
          id={`${titleId}-form`}
          noValidate
          onSubmit={handleSubmit((values) => save.mutate({ title: values.title.trim(), description: values.description.trim() }))}
          sx={{ display: 'flex', flexDirection: 'column', gap: 2, pt: 1 }}
        >
          <Box component="img" src={image.thumbUrl} alt="" sx={{ width: '100%', maxHeight: 220, objectFit: 'contain', borderRadius: 1, bgcolor: 'grey.100' }} />
          <TextInput
            {...register('title')}
            label={t('photos.fields.title')}
            required
            fullWidth
            inputProps={{ maxLength: TITLE_MAX }}
            error={Boolean(errors.title)}
            helperText={errors.title?.message ? t(errors.title.message) : t('photos.fields.titleHelp')}
          />
          <TextInput
            {...register('description')}
            label={t('photos.fields.description')}
            required
            fullWidth
            multiline
            minRows={3}
            inputProps={{ maxLength: DESCRIPTION_MAX }}
            error={Boolean(errors.description)}
            helperText={errors.description?.message ? t(errors.description.message) : t('photos.fields.descriptionHelp')}
          />
          {save.error != null && !placed && <Alert severity="error">{describeError(save.error, t, 'photos.edit.error')}</Alert>}
        </Box>
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2 }}>
        <Button onClick={onClose} disabled={save.isPending}>
          {t('common.cancel')}
        </Button>
        <Button
          type="submit"
          form={`${titleId}-form`}
          variant="contained"
          disabled={save.isPending}
          startIcon={save.isPending ? <CircularProgress size={16} color="inherit" aria-hidden="true" /> : undefined}
        >
          {t('photos.edit.save')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
