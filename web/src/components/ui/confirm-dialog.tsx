import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import { useId, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { describeError, isApiError } from '@/lib/api-error';

interface ConfirmDialogProps {
  open: boolean;
  title: string;
  children: ReactNode;
  confirmLabel: string;
  color?: 'primary' | 'error' | 'success';
  pending?: boolean;
  /** The failure of the last attempt, shown with the server's message. */
  error?: unknown;
  /** The text key shown when the failure carries no message of its own. */
  errorFallbackKey?: string;
  onConfirm: () => void;
  onClose: () => void;
}

/** Asks before an action that cannot simply be undone; the dialog stays open on failure, with the reason. */
export function ConfirmDialog({ open, title, children, confirmLabel, color = 'primary', pending = false, error, errorFallbackKey = 'errors.generic', onConfirm, onClose }: ConfirmDialogProps) {
  const { t } = useTranslation();
  const titleId = useId();
  return (
    <Dialog open={open} onClose={pending ? undefined : onClose} aria-labelledby={titleId} fullWidth maxWidth="xs">
      <DialogTitle id={titleId}>{title}</DialogTitle>
      <DialogContent>
        {children}
        {error != null && (
          <Alert severity="error" sx={{ mt: 2 }}>
            {describe(error, (key) => t(key), errorFallbackKey)}
          </Alert>
        )}
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2 }}>
        <Button onClick={onClose} disabled={pending}>
          {t('common.cancel')}
        </Button>
        <Button
          variant="contained"
          color={color}
          onClick={onConfirm}
          disabled={pending}
          startIcon={pending ? <CircularProgress size={16} color="inherit" aria-hidden="true" /> : undefined}
        >
          {confirmLabel}
        </Button>
      </DialogActions>
    </Dialog>
  );
}

/** The server's own text (already in the user's language) for a refusal, a transport message otherwise. */
function describe(error: unknown, t: (key: string) => string, fallbackKey: string): string {
  // "Some fields are not valid." comes translated too; the form then says which.
  if (isApiError(error) && error.code === 'errors.validation' && error.message && error.message !== error.code) return error.message;
  return describeError(error, t, fallbackKey);
}
