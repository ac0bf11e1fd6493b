import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useRequestPasswordReset } from '@/features/auth/api/request-password-reset';
import { TextInput } from '@/components/ui/text-input';
import { describeError } from '@/lib/api-error';
import { emailRule } from '@/lib/validation/rules';

/** Part 1 §8: the dialog closes 10 s after a successful request. */
export const RESET_DIALOG_CLOSE_MS = 10_000;

interface ResetRequestDialogProps {
  open: boolean;
  onClose: () => void;
  /** Told the success message, so the login page can keep showing it. */
  onSent?: (message: string) => void;
}

/** "Forgot password?": asks for the address and e-mails a reset link. */
export function ResetRequestDialog({ open, onClose, onSent }: ResetRequestDialogProps) {
  const { t } = useTranslation();
  const titleId = useId();
  const [email, setEmail] = useState('');
  const request = useRequestPasswordReset();
  const reply = request.data;
  const sent = request.isSuccess && reply !== undefined && reply.success && !reply.already_requested;
  const sentMessage = sent ? reply.message || t('resetRequest.sent') : null;
  const valid = emailRule(email) === null;

  // The latest callbacks, so a parent's re-render never restarts the 10 s countdown.
  const callbacks = useRef({ onClose, onSent });
  useEffect(() => {
    callbacks.current = { onClose, onSent };
  });

  useEffect(() => {
    if (!sentMessage) return undefined;
    callbacks.current.onSent?.(sentMessage);
    const timer = window.setTimeout(() => callbacks.current.onClose(), RESET_DIALOG_CLOSE_MS);
    return () => window.clearTimeout(timer);
  }, [sentMessage]);

  const close = () => onClose();

  return (
    <Dialog
      open={open}
      onClose={close}
      aria-labelledby={titleId}
      fullWidth
      maxWidth="xs"
      slotProps={{
        transition: {
          onExited: () => {
            request.reset();
            setEmail('');
          },
        },
      }}
    >
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          if (valid && !request.isPending && !sent) request.mutate(email.trim());
        }}
      >
        <DialogTitle id={titleId}>{t('resetRequest.title')}</DialogTitle>
        <DialogContent>
          <DialogContentText sx={{ mb: 2 }}>{t('resetRequest.text')}</DialogContentText>
          {sentMessage && (
            <Alert severity="success" sx={{ mb: 2 }} data-testid="reset-request-success">
              {sentMessage}
            </Alert>
          )}
          {request.isSuccess && reply?.already_requested && (
            <Alert severity="warning" sx={{ mb: 2 }} data-testid="reset-request-already">
              {t('resetRequest.alreadyRequested')}
            </Alert>
          )}
          {request.isSuccess && reply && !reply.success && !reply.already_requested && (
            <Alert severity="error" sx={{ mb: 2 }} data-testid="reset-request-error">
              {reply.message || t('errors.generic')}
            </Alert>
          )}
          {request.isError && (
            <Alert severity="error" sx={{ mb: 2 }} data-testid="reset-request-error">
              {describeError(request.error, t)}
            </Alert>
          )}
          <TextInput
            label={t('signin.email')}
            type="email"
            autoComplete="email"
            value={email}
            onChange={(event) => setEmail(event.target.value)}
            required
            fullWidth
            autoFocus
            disabled={sent}
          />
        </DialogContent>
        <DialogActions sx={{ px: 3, pb: 2 }}>
          <Button onClick={close}>{sent ? t('common.close') : t('common.cancel')}</Button>
          {!sent && (
            <Button
              type="submit"
              variant="contained"
              disabled={!valid || request.isPending}
              startIcon={request.isPending ? <CircularProgress size={16} color="inherit" aria-hidden="true" /> : undefined}
            >
              {t('resetRequest.submit')}
            </Button>
          )}
        </DialogActions>
      </form>
    </Dialog>
  );
}
