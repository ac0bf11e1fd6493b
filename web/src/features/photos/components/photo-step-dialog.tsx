import { zodResolver } from '@hookform/resolvers/zod';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import { useEffect, useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { CropArea } from '@/features/photos/components/crop-area';
import { cropImage, type PixelArea } from '@/features/photos/components/crop-image';
import { DESCRIPTION_MAX, photoTextSchema, TITLE_MAX, type PhotoTextValues } from '@/features/photos/components/photo-form';
import { TextInput } from '@/components/ui/text-input';

/** What becomes of one chosen file once framed and described. */
export interface PreparedPhoto {
  blob: Blob;
  fileName: string;
  title: string;
  description: string;
}

interface PhotoStepDialogProps {
  file: File;
  /** 1-based place of this file among the chosen ones. */
  index: number;
  total: number;
  onSend: (photo: PreparedPhoto) => void;
  onSkip: () => void;
  onCancelAll: () => void;
  /** Injected by tests: happy-dom has no canvas. */
  crop?: (src: string, area: PixelArea) => Promise<Blob>;
}

/** The name the cropped JPEG is sent under: the chosen file's, with .jpg. */
export function jpegName(name: string): string {
  const base = name.replace(/\.[^./\\]+$/, '') || 'photo';
  return `${base}.jpg`;
}

/** One chosen file: frame it (at least 360 × 360), give it a title and a description, then send it or skip it. */
export function PhotoStepDialog({ file, index, total, onSend, onSkip, onCancelAll, crop = cropImage }: PhotoStepDialogProps) {
  const { t } = useTranslation();
  const titleId = useId();
  const [src] = useState(() => URL.createObjectURL(file));
  const [area, setArea] = useState<{ pixels: PixelArea; ok: boolean } | null>(null);
  const [cropping, setCropping] = useState(false);
  const [cropFailed, setCropFailed] = useState(false);
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<PhotoTextValues>({ resolver: zodResolver(photoTextSchema), mode: 'onTouched', defaultValues: { title: '', description: '' } });

  useEffect(() => () => URL.revokeObjectURL(src), [src]);

  const submit = handleSubmit(async (values) => {
    if (!area?.ok) return;
    setCropping(true);
    setCropFailed(false);
    try {
      const blob = await crop(src, area.pixels);
      onSend({ blob, fileName: jpegName(file.name), title: values.title.trim(), description: values.description.trim() });
    } catch {
      setCropFailed(true);
    } finally {
      setCropping(false);
    }
  });

  return (
    <Dialog open onClose={cropping ? undefined : onCancelAll} aria-labelledby={titleId} fullWidth maxWidth="sm" data-testid="photo-step">
      <DialogTitle id={titleId} sx={{ overflowWrap: 'anywhere' }}>
        {total > 1 ? t('photos.step.titleOf', { index, total, name: file.name }) : t('photos.step.title', { name: file.name })}
      </DialogTitle>
      <DialogContent>
        <Box component="form" id={`${titleId}-form`} noValidate onSubmit={(event) => void submit(event)} sx={{ display: 'flex', flexDirection: 'column', gap: 2, pt: 0.5 }}>
          <CropArea src={src} onChange={(pixels, ok) => setArea({ pixels, ok })} />
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
          {cropFailed && (
            <Alert severity="error" data-testid="crop-failed">
              {t('photos.upload.error.crop_failed')}
            </Alert>
          )}
        </Box>
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2, flexWrap: 'wrap', gap: 1 }}>
        <Button onClick={onCancelAll} disabled={cropping}>
          {total > 1 ? t('photos.step.cancelAll') : t('common.cancel')}
        </Button>
        {total > 1 && (
          <Button onClick={onSkip} disabled={cropping}>
            {t('photos.step.skip')}
          </Button>
        )}
        <Button
          type="submit"
          form={`${titleId}-form`}
          variant="contained"
          disabled={cropping || !area?.ok}
          startIcon={cropping ? <CircularProgress size={16} color="inherit" aria-hidden="true" /> : undefined}
        >
          {index < total ? t('photos.step.sendNext') : t('photos.step.send')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
