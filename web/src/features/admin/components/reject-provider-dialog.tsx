import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import TextField from '@mui/material/TextField';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ModerationItem } from '@/features/admin/api/list-moderation';
import { useRejectProvider } from '@/features/admin/api/reject-provider';
import { errorMessage, fieldError } from '@/features/admin/server-errors';
import { useNotify } from '@/components/ui/snackbar-provider';
import { hasFieldErrors } from '@/lib/form-errors';

/** The server's bounds of a refusal's reason, after trimming. */
export const REJECT_REASON_MIN = 5;
export const REJECT_REASON_MAX = 1000;

/** Refuses a provider with a reason: it is e-mailed to the owner, who stays in the queue. */
export function RejectProviderDialog({ item, onClose }: { item: ModerationItem; onClose: () => void }) {
  const { t, i18n } = useTranslation();
  const notify = useNotify();
  const titleId = useId();
  const [reason, setReason] = useState('');
  const [touched, setTouched] = useState(false);
  const reject = useRejectProvider();
  const length = reason.trim().length;
  const tooShort = length < REJECT_REASON_MIN;
  const tooLong = length > REJECT_REASON_MAX;
  const localError = touched && (tooShort || tooLong) ? t('admin.moderation.reasonLength', { min: REJECT_REASON_MIN, max: REJECT_REASON_MAX }) : undefined;
  const serverField = fieldError(reject.error, 'reason', t, i18n);
  const name = item.companyName || `${item.firstname} ${item.lastname}`;

  const submit = () => {
    setTouched(true);
    if (tooShort || tooLong) return;
    reject.mutate(
      { id: item.id, reason: reason.trim() },
      {
        onSuccess: () => {
          notify(t('admin.moderation.rejected', { name }));
          onClose();
        },
      },
    );
  };

  return (
    <Dialog open onClose={reject.isPending ? undefined : onClose} aria-labelledby={titleId} fullWidth maxWidth="sm">
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          submit();
        }}
      >
        <DialogTitle id={titleId}>{t('admin.moderation.rejectTitle', { name })}</DialogTitle>
        <DialogContent>
          <DialogContentText sx={{ mb: 2 }}>{t('admin.moderation.rejectText', { email: item.email })}</DialogContentText>
          <TextField
            label={t('admin.moderation.reason')}
            value={reason}
            onChange={(event) => setReason(event.target.value)}
            onBlur={() => setTouched(true)}
            multiline
            minRows={4}
            fullWidth
            required
            autoFocus
            error={Boolean(localError ?? serverField)}
            helperText={localError ?? serverField ?? t('admin.moderation.reasonHelp', { length, max: REJECT_REASON_MAX })}
            slotProps={{ htmlInput: { maxLength: REJECT_REASON_MAX + 200 } }}
          />
          {reject.isError && !hasFieldErrors(reject.error, ['reason']) && (
            <Alert severity="error" sx={{ mt: 2 }}>
              {errorMessage(reject.error, t)}
            </Alert>
          )}
        </DialogContent>
        <DialogActions sx={{ px: 3, pb: 2 }}>
          <Button onClick={onClose} disabled={reject.isPending}>
            {t('common.cancel')}
          </Button>
          <Button
            type="submit"
            variant="contained"
            color="error"
            disabled={reject.isPending}
            startIcon={reject.isPending ? <CircularProgress size={16} color="inherit" aria-hidden="true" /> : undefined}
          >
            {t('admin.moderation.reject')}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
