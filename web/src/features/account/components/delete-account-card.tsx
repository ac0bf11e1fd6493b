import { zodResolver } from '@hookform/resolvers/zod';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import Typography from '@mui/material/Typography';
import { useId, useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useDeleteAccount } from '@/features/account/api/delete-account';
import { ExportAction } from '@/features/account/components/export-card';
import { SectionCard } from '@/components/ui/section-card';
import { TextInput } from '@/components/ui/text-input';
import { describeError } from '@/lib/api-error';
import { useCurrentUser } from '@/lib/auth/session';
import { hasRole } from '@/lib/auth/user';
import { deletionSchema, type DeletionValues } from '@/lib/validation/account-forms';
import { charCount } from '@/lib/validation/password-strength';
import { DELETION_REASON_MIN } from '@/lib/validation/rules';

function DeleteAccountDialog({ onClose, offerExport }: { onClose: () => void; offerExport: boolean }) {
  const { t } = useTranslation();
  const titleId = useId();
  const exportId = useId();
  const navigate = useNavigate();
  const {
    register,
    control,
    handleSubmit,
    formState: { errors, touchedFields },
  } = useForm<DeletionValues>({
    resolver: zodResolver(deletionSchema),
    mode: 'onTouched',
    reValidateMode: 'onChange',
    defaultValues: { reason: '' },
  });
  const reason = useWatch({ control, name: 'reason' }) ?? '';
  const length = charCount(reason.trim());
  const longEnough = length >= DELETION_REASON_MIN;

  const remove = useDeleteAccount({ onSuccess: () => void navigate('/login', { replace: true }) });

  const showShort = !longEnough && (touchedFields.reason || Boolean(errors.reason));

  return (
    <Dialog open onClose={remove.isPending ? undefined : onClose} aria-labelledby={titleId} fullWidth maxWidth="sm">
      <form noValidate onSubmit={handleSubmit((values) => remove.mutate(values.reason))}>
        <DialogTitle id={titleId}>{t('account.delete.dialogTitle')}</DialogTitle>
        <DialogContent>
          {offerExport && (
            <Box component="section" aria-labelledby={exportId} sx={{ mb: 3, p: 2, borderRadius: 1, bgcolor: 'action.hover' }} data-testid="delete-export">
              <Typography id={exportId} variant="subtitle1" component="h3" sx={{ fontWeight: 600 }}>
                {t('account.export.beforeLeaving')}
              </Typography>
              <Typography variant="body2" color="text.secondary" sx={{ mb: 1.5 }}>
                {t('account.export.beforeLeavingText')}
              </Typography>
              <ExportAction compact />
            </Box>
          )}
          <DialogContentText sx={{ mb: 2 }}>{t('account.delete.dialogText')}</DialogContentText>
          {remove.isError && (
            <Alert severity="error" sx={{ mb: 2 }} data-testid="delete-error">
              {describeError(remove.error, t, 'account.delete.error')}
            </Alert>
          )}
          <TextInput
            {...register('reason')}
            label={t('account.delete.reason')}
            multiline
            minRows={4}
            required
            fullWidth
            autoFocus
            error={showShort}
            helperText={
              showShort
                ? `${t('account.delete.errors.reason_too_short')} · ${t('account.delete.counter', { length, min: DELETION_REASON_MIN })}`
                : t('account.delete.counter', { length, min: DELETION_REASON_MIN })
            }
          />
        </DialogContent>
        <DialogActions sx={{ px: 3, pb: 2, flexWrap: 'wrap', gap: 1, '& > :not(style) ~ :not(style)': { ml: 0 } }}>
          <Button onClick={onClose} disabled={remove.isPending}>
            {t('common.cancel')}
          </Button>
          <Button
            type="submit"
            variant="contained"
            color="error"
            sx={{ whiteSpace: 'nowrap' }}
            disabled={!longEnough || remove.isPending}
            startIcon={remove.isPending ? <CircularProgress size={16} color="inherit" aria-hidden="true" /> : undefined}
          >
            {t('account.delete.confirm')}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}

/** Closing the account, behind a dialog asking for a reason of at least 30 characters. */
export function DeleteAccountCard() {
  const { t } = useTranslation();
  // Admins own no provider data: only planners and venues are offered the export.
  const offerExport = !hasRole(useCurrentUser(), 'ROLE_ADMIN');
  const [open, setOpen] = useState(false);
  return (
    <SectionCard title={t('account.delete.title')} description={t('account.delete.description')} tone="danger" data-testid="delete-card">
      <Button variant="outlined" color="error" onClick={() => setOpen(true)}>
        {t('account.delete.open')}
      </Button>
      {open && <DeleteAccountDialog onClose={() => setOpen(false)} offerExport={offerExport} />}
    </SectionCard>
  );
}
