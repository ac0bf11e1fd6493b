import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { useStopImpersonation } from '@/features/impersonation/api/stop-impersonating';
import { isApiError } from '@/lib/api-error';

function errorText(error: unknown, fallbackKey: string, t: (key: string) => string, exists: (key: string) => boolean): string {
  if (isApiError(error)) {
    if (error.code.startsWith('impersonation.errors.') && exists(error.code)) return t(error.code);
    if (error.status === 403) return t('impersonation.errors.unauthorized');
    if (error.status === 404 && error.message) return error.message;
  }
  return t(fallbackKey);
}

interface DialogProps {
  open: boolean;
  onClose: () => void;
}

export function StopImpersonationDialog({ open, onClose }: DialogProps) {
  const { t, i18n } = useTranslation();
  const titleId = useId();
  const stop = useStopImpersonation();
  return (
    <Dialog open={open} onClose={onClose} aria-labelledby={titleId} fullWidth maxWidth="xs">
      <DialogTitle id={titleId}>{t('impersonation.stopTitle')}</DialogTitle>
      <DialogContent>
        <DialogContentText>{t('impersonation.stopText')}</DialogContentText>
        {stop.isError && (
          <Alert severity="error" sx={{ mt: 2 }}>
            {errorText(stop.error, 'impersonation.errors.stop', t, (key) => i18n.exists(key))}
          </Alert>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('common.cancel')}</Button>
        <Button variant="contained" onClick={() => stop.mutate()} disabled={stop.isPending}>
          {t('impersonation.stop')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
