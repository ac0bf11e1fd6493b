import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import Link from '@mui/material/Link';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useCheckPhone } from '@/features/account/api/check-phone';
import { useVerifyPhone } from '@/features/account/api/verify-phone';
import { useNotify } from '@/components/ui/snackbar-provider';
import { TextInput } from '@/components/ui/text-input';
import { describeError, isApiError } from '@/lib/api-error';
import { formatInternational } from '@/lib/validation/phone';
import { fieldMessageKey } from '@/lib/validation/rules';

const CODE = /^\d{6}$/;

interface PhoneCodeDialogProps {
  /** The new number, E.164. */
  phone: string;
  onClose: () => void;
  onVerified: () => void;
}

/** Sends a 6-digit code by SMS to the new number, then checks it. */
export function PhoneCodeDialog({ phone, onClose, onVerified }: PhoneCodeDialogProps) {
  const { t, i18n } = useTranslation();
  const titleId = useId();
  const notify = useNotify();
  const [code, setCode] = useState('');

  /** A field code of the server as text, else the fallback. */
  const failureText = (failure: unknown, field: 'phone' | 'code', fallbackKey: string) => {
    if (isApiError(failure)) {
      const fieldCode = failure.fields[field] ?? failure.fields.phone;
      if (fieldCode && i18n.exists(fieldMessageKey(fieldCode))) return t(fieldMessageKey(fieldCode));
      if (failure.status === 429) return describeError(failure, t, fallbackKey);
    }
    return t(fallbackKey);
  };

  const [sent, setSent] = useState(false);
  const send = useCheckPhone({
    onSuccess: () => {
      setSent(true);
      notify(t('account.phone.codeSent'), 'info');
    },
  });
  const verify = useVerifyPhone({
    onSuccess: () => {
      notify(t('account.phone.updated'));
      onVerified();
    },
  });

  const codeValid = CODE.test(code.trim());

  return (
    <Dialog open onClose={onClose} aria-labelledby={titleId} fullWidth maxWidth="xs">
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          if (!sent) send.mutate(phone);
          else if (codeValid && !verify.isPending) verify.mutate({ phone, code: code.trim() });
        }}
      >
        <DialogTitle id={titleId}>{t('account.phone.dialogTitle')}</DialogTitle>
        <DialogContent>
          <DialogContentText sx={{ mb: 2 }}>
            {sent ? t('account.phone.codeSentTo', { phone: formatInternational(phone) }) : t('account.phone.sendText', { phone: formatInternational(phone) })}
          </DialogContentText>
          {send.isError && (
            <Alert severity="error" sx={{ mb: 2 }} data-testid="phone-send-error">
              {failureText(send.error, 'phone', 'account.phone.errors.send')}
            </Alert>
          )}
          {verify.isError && (
            <Alert severity="error" sx={{ mb: 2 }} data-testid="phone-verify-error">
              {failureText(verify.error, 'code', 'account.phone.errors.verify')}
            </Alert>
          )}
          {sent && (
            <Box sx={{ display: 'flex', flexDirection: 'column', gap: 1.5 }}>
              <TextInput
                label={t('account.phone.code')}
                value={code}
                onChange={(event) => setCode(event.target.value.replace(/[^\d]/g, '').slice(0, 6))}
                inputMode="numeric"
                autoComplete="one-time-code"
                required
                fullWidth
                autoFocus
                inputProps={{ maxLength: 6, pattern: '[0-9]{6}' }}
                helperText={t('account.phone.codeHint')}
              />
              <Box>
                <Link
                  component="button"
                  type="button"
                  variant="body2"
                  onClick={() => {
                    verify.reset();
                    setCode('');
                    send.mutate(phone);
                  }}
                  disabled={send.isPending}
                >
                  {t('account.phone.resend')}
                </Link>
              </Box>
            </Box>
          )}
        </DialogContent>
        <DialogActions sx={{ px: 3, pb: 2 }}>
          <Button onClick={onClose}>{t('common.cancel')}</Button>
          {sent ? (
            <Button
              type="submit"
              variant="contained"
              disabled={!codeValid || verify.isPending}
              startIcon={verify.isPending ? <CircularProgress size={16} color="inherit" aria-hidden="true" /> : undefined}
            >
              {t('account.phone.verify')}
            </Button>
          ) : (
            <Button
              type="submit"
              variant="contained"
              disabled={send.isPending}
              startIcon={send.isPending ? <CircularProgress size={16} color="inherit" aria-hidden="true" /> : undefined}
            >
              {t('account.phone.send')}
            </Button>
          )}
        </DialogActions>
      </form>
    </Dialog>
  );
}
