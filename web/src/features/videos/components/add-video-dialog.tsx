import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import Switch from '@mui/material/Switch';
import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { TextInput } from '@/components/ui/text-input';
import { useNotify } from '@/components/ui/snackbar-provider';
import { useAddVideo } from '@/features/videos/api/add-video';
import { HOST_NAMES, parseVideoLink, VIDEO_DESCRIPTION_MAX, VIDEO_TITLE_MAX, VIDEO_TITLE_MIN } from '@/lib/video-link';
import { describeError, isApiError } from '@/lib/api-error';
import { intlLocale } from '@/lib/locales';

interface AddVideoDialogProps {
  open: boolean;
  onClose: () => void;
}

type Field = 'title' | 'link' | 'description';

/** The add-video form: its button is enabled only once the server would accept it. */
export function AddVideoDialog({ open, onClose }: AddVideoDialogProps) {
  const { t, i18n } = useTranslation();
  const notify = useNotify();
  const titleId = useId();
  const add = useAddVideo();
  const [title, setTitle] = useState('');
  const [link, setLink] = useState('');
  const [description, setDescription] = useState('');
  const [visible, setVisible] = useState(true);
  const [touched, setTouched] = useState<Record<Field, boolean>>({ title: false, link: false, description: false });
  const [serverFields, setServerFields] = useState<Partial<Record<Field, string>>>({});

  const titleLength = title.trim().length;
  const parsed = parseVideoLink(link);
  const localErrors: Partial<Record<Field, string>> = {};
  if (titleLength === 0) localErrors.title = 'videos.errors.title_required';
  else if (titleLength < VIDEO_TITLE_MIN) localErrors.title = 'videos.errors.title_min_length';
  else if (titleLength > VIDEO_TITLE_MAX) localErrors.title = 'videos.errors.title_max_length';
  if (link.trim() === '') localErrors.link = 'videos.errors.link_required';
  else if (!parsed) localErrors.link = 'videos.errors.invalid_url';
  if (description.trim().length > VIDEO_DESCRIPTION_MAX) localErrors.description = 'videos.errors.description_max_length';
  const invalid = Object.keys(localErrors).length > 0;

  const messageOf = (field: Field): string | undefined => {
    const code = serverFields[field] ?? (touched[field] ? localErrors[field] : undefined);
    if (!code) return undefined;
    return i18n.exists(code) ? t(code, { min: VIDEO_TITLE_MIN, max: VIDEO_TITLE_MAX, maxDescription: VIDEO_DESCRIPTION_MAX }) : t('videos.errors.generic');
  };

  const reset = () => {
    setTitle('');
    setLink('');
    setDescription('');
    setVisible(true);
    setTouched({ title: false, link: false, description: false });
    setServerFields({});
    add.reset();
  };

  const close = () => {
    if (add.isPending) return;
    reset();
    onClose();
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setTouched({ title: true, link: true, description: true });
    if (invalid || add.isPending) return;
    setServerFields({});
    add.mutate(
      { title: title.trim(), link: link.trim(), description: description.trim(), status: visible },
      {
        onSuccess: () => {
          notify(t('videos.added'), 'success');
          reset();
          onClose();
        },
        onError: (error) => {
          if (isApiError(error)) setServerFields(error.fields as Partial<Record<Field, string>>);
        },
      },
    );
  };

  const serverError = add.error;
  const unplaced = serverError != null && !(isApiError(serverError) && Object.keys(serverError.fields).some((f) => f === 'title' || f === 'link' || f === 'description'));
  const titleMessage = messageOf('title');
  const linkMessage = messageOf('link');
  const descriptionMessage = messageOf('description');

  return (
    <Dialog open={open} onClose={close} aria-labelledby={titleId} fullWidth maxWidth="sm">
      <form onSubmit={submit} noValidate>
        <DialogTitle id={titleId}>{t('videos.dialog.title')}</DialogTitle>
        <DialogContent sx={{ display: 'flex', flexDirection: 'column', gap: 2.5, pt: '8px !important' }}>
          <TextInput
            label={t('videos.dialog.titleLabel')}
            value={title}
            required
            fullWidth
            autoFocus
            inputProps={{ maxLength: VIDEO_TITLE_MAX + 20 }}
            onChange={(e) => {
              setTitle(e.target.value);
              setServerFields((f) => ({ ...f, title: undefined }));
            }}
            onBlur={() => setTouched((s) => ({ ...s, title: true }))}
            error={Boolean(titleMessage)}
            helperText={titleMessage ?? t('videos.dialog.titleHelp', { min: VIDEO_TITLE_MIN })}
          />
          <TextInput
            label={t('videos.dialog.linkLabel')}
            value={link}
            required
            fullWidth
            type="url"
            inputMode="url"
            placeholder="https://www.youtube.com/watch?v=…"
            onChange={(e) => {
              setLink(e.target.value);
              setServerFields((f) => ({ ...f, link: undefined }));
            }}
            onBlur={() => setTouched((s) => ({ ...s, link: true }))}
            error={Boolean(linkMessage)}
            helperText={linkMessage ?? (parsed ? t('videos.dialog.linkRecognised', { host: HOST_NAMES[parsed.host] }) : t('videos.dialog.linkHelp'))}
          />
          <TextInput
            label={t('videos.dialog.descriptionLabel')}
            value={description}
            fullWidth
            multiline
            minRows={3}
            onChange={(e) => {
              setDescription(e.target.value);
              setServerFields((f) => ({ ...f, description: undefined }));
            }}
            onBlur={() => setTouched((s) => ({ ...s, description: true }))}
            error={Boolean(descriptionMessage)}
            helperText={descriptionMessage ?? t('videos.dialog.descriptionHelp', { length: description.trim().length.toLocaleString(intlLocale(i18n.language)), max: VIDEO_DESCRIPTION_MAX.toLocaleString(intlLocale(i18n.language)) })}
          />
          <FormControlLabel
            control={<Switch checked={visible} onChange={(e) => setVisible(e.target.checked)} />}
            label={t('videos.dialog.visible')}
          />
          {unplaced && (
            <Alert severity="error" role="alert">
              {describeError(serverError, (key) => t(key), 'videos.errors.adding')}
            </Alert>
          )}
        </DialogContent>
        <DialogActions sx={{ px: 3, pb: 2 }}>
          <Button onClick={close} disabled={add.isPending}>
            {t('common.cancel')}
          </Button>
          <Button
            type="submit"
            variant="contained"
            disabled={invalid || add.isPending}
            startIcon={add.isPending ? <CircularProgress size={16} color="inherit" aria-hidden="true" /> : undefined}
          >
            {t('videos.dialog.submit')}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
