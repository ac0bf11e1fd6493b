import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import TextField from '@mui/material/TextField';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useStartImpersonation, useStopImpersonation } from '@/features/impersonation/hooks/use-impersonation';
import { isApiError } from '@/lib/api-error';
import type { User } from '@/lib/auth/user';

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

export function StartImpersonationDialog({ open, onClose, user }: DialogProps & { user: User }) {
  const { t, i18n } = useTranslation();
  const titleId = useId();
  const [userId, setUserId] = useState('');
  const start = useStartImpersonation(user);
  return (
    <Dialog open={open} onClose={onClose} aria-labelledby={titleId} fullWidth maxWidth="xs">
      <form
        onSubmit={(event) => {
          event.preventDefault();
          start.mutate(userId);
        }}
      >
        <DialogTitle id={titleId}>{t('impersonation.startTitle')}</DialogTitle>
        <DialogContent>
          <DialogContentText sx={{ mb: 2 }}>{t('impersonation.startText')}</DialogContentText>
          {start.isError && (
            <Alert severity="error" sx={{ mb: 2 }}>
              {errorText(start.error, 'impersonation.errors.start', t, (key) => i18n.exists(key))}
            </Alert>
          )}
          <TextField
            label={t('impersonation.userId')}
            value={userId}
            onChange={(event) => setUserId(event.target.value)}
            fullWidth
            required
            autoFocus
          />
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose}>{t('common.cancel')}</Button>
          <Button type="submit" variant="contained" disabled={userId.trim() === '' || start.isPending}>
            {t('impersonation.start')}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
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
