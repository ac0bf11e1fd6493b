import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import MenuItem from '@mui/material/MenuItem';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useId, useState } from 'react';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useCreatePromotion } from '@/features/admin/api/create-promotion';
import { AUDIENCES, isPopup, type Audience, type Promotion, type PromotionInput, type PromotionKind } from '@/features/admin/api/list-promotions';
import { useUpdatePromotion } from '@/features/admin/api/update-promotion';
import { AlertPreview, PopupPreview } from '@/features/admin/components/message-previews';
import {
  ALERT_DESCRIPTION_MAX,
  POPUP_DESCRIPTION_MAX,
  buttonPairRule,
  buttonTextRule,
  descriptionRule,
  imageUrlRule,
  linkRule,
  titleRule,
} from '@/features/admin/marketing-rules';
import { usePhone } from '@/features/admin/hooks/use-phone';
import { errorMessage } from '@/features/admin/server-errors';
import { useNotify } from '@/components/ui/snackbar-provider';
import { applyFieldErrors } from '@/lib/form-errors';

interface Values {
  type: Audience;
  title: string;
  description: string;
  imageUrl: string;
  buttonText: string;
  buttonLink: string;
  showOncePerUser: boolean;
  isActive: boolean;
}

const FIELDS: readonly (keyof Values)[] = ['type', 'title', 'description', 'imageUrl', 'buttonText', 'buttonLink', 'showOncePerUser', 'isActive'];

interface MessageFormDialogProps {
  kind: PromotionKind;
  /** The message to edit; a new one when absent. */
  existing?: Promotion;
  /** The audience a new message starts with. */
  audience: Audience;
  onClose: () => void;
}

function initialValues(existing: Promotion | undefined, audience: Audience): Values {
  const popup = existing && isPopup(existing) ? existing : undefined;
  return {
    type: existing?.type ?? audience,
    title: existing?.title ?? '',
    description: existing?.description ?? '',
    imageUrl: popup?.imageUrl ?? '',
    buttonText: existing?.buttonText ?? '',
    buttonLink: existing?.buttonLink ?? '',
    showOncePerUser: popup?.showOncePerUser ?? true,
    isActive: existing?.isActive ?? false,
  };
}

/**
 * Creates or edits an alert or a popup. A popup's description is HTML the
 * server sanitises: once saved, the dialog shows the popup as the server
 * returned it, which is exactly what providers will see.
 */
export function MessageFormDialog({ kind, existing, audience, onClose }: MessageFormDialogProps) {
  const { t, i18n } = useTranslation();
  const notify = useNotify();
  const titleId = useId();
  const fullScreen = usePhone();
  const create = useCreatePromotion();
  const update = useUpdatePromotion();
  const [failure, setFailure] = useState<unknown>(null);
  const [saved, setSaved] = useState<{ popup: Promotion<'popup'>; changed: boolean } | null>(null);
  const {
    register,
    control,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<Values>({ defaultValues: initialValues(existing, audience), mode: 'onTouched' });
  const watched = useWatch({ control });
  const descriptionMax = kind === 'alert' ? ALERT_DESCRIPTION_MAX : POPUP_DESCRIPTION_MAX;
  const message = (key: string | undefined) => (key ? t(key) : undefined);

  const submit = async (values: Values) => {
    setFailure(null);
    const pair = buttonPairRule(values.buttonText, values.buttonLink);
    if (pair) {
      setError(pair.field, { type: 'pair', message: pair.key });
      return;
    }
    const common = {
      type: values.type,
      isActive: values.isActive,
      title: values.title.trim(),
      description: values.description.trim(),
      buttonText: values.buttonText.trim(),
      buttonLink: values.buttonLink.trim(),
    };
    try {
      if (kind === 'alert') {
        const body: PromotionInput<'alert'> = common;
        if (existing) await update.mutateAsync({ kind, id: existing.id, body });
        else await create.mutateAsync({ kind, body });
        notify(t(existing ? 'admin.marketing.alertSaved' : 'admin.marketing.alertCreated'));
        onClose();
        return;
      }
      const body: PromotionInput<'popup'> = { ...common, imageUrl: values.imageUrl.trim(), showOncePerUser: values.showOncePerUser };
      const popup = existing ? await update.mutateAsync({ kind, id: existing.id, body }) : await create.mutateAsync({ kind, body });
      // The dialog itself now says the popup is saved, and shows it.
      if (isPopup(popup)) setSaved({ popup, changed: popup.description !== body.description });
    } catch (error) {
      const { placed } = applyFieldErrors(error, setError, { targets: FIELDS, i18n, fallbackKey: 'admin.form.invalidField' });
      if (!placed) setFailure(error);
    }
  };

  if (saved) {
    return (
      <Dialog open onClose={onClose} aria-labelledby={titleId} fullWidth maxWidth="md" fullScreen={fullScreen}>
        <DialogTitle id={titleId}>{t('admin.marketing.savedPreviewTitle')}</DialogTitle>
        <DialogContent sx={{ display: 'flex', flexDirection: 'column', gap: 2 }}>
          <Typography color="text.secondary">{t('admin.marketing.savedPreviewText')}</Typography>
          {saved.changed && (
            <Alert severity="info" data-testid="sanitised-notice">
              {t('admin.marketing.sanitised')}
            </Alert>
          )}
          <Box sx={{ bgcolor: 'grey.100', borderRadius: 2, p: { xs: 1.5, sm: 3 } }}>
            <PopupPreview popup={saved.popup} />
          </Box>
        </DialogContent>
        <DialogActions sx={{ px: 3, pb: 2 }}>
          <Button variant="contained" onClick={onClose} autoFocus>
            {t('admin.marketing.done')}
          </Button>
        </DialogActions>
      </Dialog>
    );
  }

  const heading = t(`admin.marketing.${existing ? 'edit' : 'new'}${kind === 'alert' ? 'Alert' : 'Popup'}`);

  return (
    <Dialog open onClose={isSubmitting ? undefined : onClose} aria-labelledby={titleId} fullWidth maxWidth="md" fullScreen={fullScreen}>
      {/* A flex column, so the fields scroll between a fixed title and fixed buttons. */}
      <Box component="form" noValidate onSubmit={(event) => void handleSubmit(submit)(event)} sx={{ display: 'flex', flexDirection: 'column', minHeight: 0, flex: '1 1 auto' }}>
        <DialogTitle id={titleId}>{heading}</DialogTitle>
        <DialogContent>
          <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '200px 1fr' }, gap: 2, pt: 1 }}>
            <Controller
              control={control}
              name="type"
              render={({ field }) => (
                <TextField select label={t('admin.marketing.audience')} {...field} error={Boolean(errors.type)} helperText={message(errors.type?.message)}>
                  {AUDIENCES.map((value) => (
                    <MenuItem key={value} value={value}>
                      {t(`admin.marketing.audiences.${value}`)}
                    </MenuItem>
                  ))}
                </TextField>
              )}
            />
            <TextField
              label={t('admin.marketing.fields.title')}
              required
              fullWidth
              {...register('title', { validate: (value) => titleRule(value) ?? true })}
              error={Boolean(errors.title)}
              helperText={message(errors.title?.message)}
            />
            <TextField
              label={kind === 'alert' ? t('admin.marketing.fields.text') : t('admin.marketing.fields.html')}
              required
              fullWidth
              multiline
              minRows={kind === 'alert' ? 3 : 6}
              {...register('description', { validate: (value) => descriptionRule(descriptionMax)(value) ?? true })}
              error={Boolean(errors.description)}
              helperText={message(errors.description?.message) ?? (kind === 'popup' ? t('admin.marketing.htmlHelp') : t('admin.marketing.textHelp', { max: descriptionMax }))}
              sx={{ gridColumn: '1 / -1', ...(kind === 'popup' ? { '& textarea': { fontFamily: 'monospace', fontSize: '0.875rem' } } : {}) }}
            />
            {kind === 'popup' && (
              <TextField
                label={t('admin.marketing.fields.imageUrl')}
                fullWidth
                {...register('imageUrl', { validate: (value) => imageUrlRule(value) ?? true })}
                error={Boolean(errors.imageUrl)}
                helperText={message(errors.imageUrl?.message) ?? t('admin.marketing.imageUrlHelp')}
                sx={{ gridColumn: '1 / -1' }}
              />
            )}
            <TextField
              label={t('admin.marketing.fields.buttonText')}
              fullWidth
              {...register('buttonText', { validate: (value) => buttonTextRule(value) ?? true })}
              error={Boolean(errors.buttonText)}
              helperText={message(errors.buttonText?.message)}
            />
            <TextField
              label={t('admin.marketing.fields.buttonLink')}
              fullWidth
              {...register('buttonLink', { validate: (value) => linkRule(value) ?? true })}
              error={Boolean(errors.buttonLink)}
              helperText={message(errors.buttonLink?.message) ?? t('admin.marketing.linkHelp')}
            />
          </Box>
          <Box sx={{ display: 'flex', flexDirection: 'column', mt: 2 }}>
            {kind === 'popup' && (
              <Controller
                control={control}
                name="showOncePerUser"
                render={({ field }) => (
                  <FormControlLabel
                    control={<Switch checked={field.value} onChange={(event) => field.onChange(event.target.checked)} />}
                    label={t('admin.marketing.fields.showOnce')}
                  />
                )}
              />
            )}
            <Controller
              control={control}
              name="isActive"
              render={({ field }) => (
                <FormControlLabel
                  control={<Switch checked={field.value} onChange={(event) => field.onChange(event.target.checked)} />}
                  label={t('admin.marketing.fields.active')}
                />
              )}
            />
            <FormHelperText sx={{ mt: 0, ml: 0 }}>
              {t(kind === 'alert' ? 'admin.marketing.activeHelpAlert' : 'admin.marketing.activeHelpPopup', {
                audience: t(`admin.marketing.audiences.${watched.type ?? audience}`),
              })}
            </FormHelperText>
          </Box>
          {kind === 'alert' && (
            <Box sx={{ mt: 3 }}>
              <Typography variant="subtitle2" component="p" sx={{ mb: 1 }}>
                {t('admin.marketing.preview')}
              </Typography>
              <Box sx={{ bgcolor: 'grey.100', borderRadius: 2, p: { xs: 1.5, sm: 2 } }}>
                <AlertPreview
                  alert={{
                    title: watched.title?.trim() || t('admin.marketing.fields.title'),
                    description: watched.description?.trim() ?? '',
                    buttonText: watched.buttonText?.trim() ?? '',
                    buttonLink: watched.buttonLink?.trim() ?? '',
                  }}
                />
              </Box>
            </Box>
          )}
          {failure != null && (
            <Alert severity="error" sx={{ mt: 2 }}>
              {errorMessage(failure, t)}
            </Alert>
          )}
        </DialogContent>
        <DialogActions sx={{ px: 3, pb: 2 }}>
          <Button onClick={onClose} disabled={isSubmitting}>
            {t('common.cancel')}
          </Button>
          <Button
            type="submit"
            variant="contained"
            disabled={isSubmitting}
            startIcon={isSubmitting ? <CircularProgress size={16} color="inherit" aria-hidden="true" /> : undefined}
          >
            {kind === 'popup' ? t('admin.marketing.saveAndPreview') : t('common.save')}
          </Button>
        </DialogActions>
      </Box>
    </Dialog>
  );
}
