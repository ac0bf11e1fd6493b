import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAdjustCredits } from '@/features/admin/api/adjust-credits';
import type { AdminUser } from '@/features/admin/api/search-users';
import { fullName } from '@/features/admin/format';
import { errorMessage, fieldError } from '@/features/admin/server-errors';
import { hasFieldErrors } from '@/lib/form-errors';

/** The server's bounds of one adjustment. */
export const CREDIT_ADJUST_MAX = 1000;
export const CREDIT_REASON_MAX = 255;

/** The amount typed, when it is a whole number; NaN otherwise. */
function parseAmount(text: string): number {
  const trimmed = text.trim().replace(/^\+/, '');
  return /^-?\d+$/.test(trimmed) ? Number(trimmed) : Number.NaN;
}

/**
 * Adds credits (positive) or takes them back (negative) with a reason, as one
 * credit-log row; then shows the balance the server answers.
 */
export function CreditsDialog({ user, onClose }: { user: AdminUser; onClose: () => void }) {
  const { t, i18n } = useTranslation();
  const titleId = useId();
  const [amountText, setAmountText] = useState('');
  const [reason, setReason] = useState('');
  const [touched, setTouched] = useState({ amount: false, reason: false });
  const adjust = useAdjustCredits();
  const amount = parseAmount(amountText);
  const name = fullName(user);

  const amountProblem = (() => {
    if (amountText.trim() === '') return 'validation.required';
    if (Number.isNaN(amount) || amount === 0 || Math.abs(amount) > CREDIT_ADJUST_MAX) return 'admin.validation.amount_invalid';
    if (user.credits + amount < 0) return 'admin.credits.belowZero';
    return null;
  })();
  const reasonProblem = reason.trim() === '' ? 'validation.required' : reason.trim().length > CREDIT_REASON_MAX ? 'admin.validation.credit_reason_too_long' : null;
  const amountError = (touched.amount && amountProblem ? t(amountProblem, { credits: user.credits }) : undefined) ?? fieldError(adjust.error, 'amount', t, i18n);
  const reasonError = (touched.reason && reasonProblem ? t(reasonProblem) : undefined) ?? fieldError(adjust.error, 'reason', t, i18n);

  const submit = () => {
    setTouched({ amount: true, reason: true });
    if (amountProblem || reasonProblem) return;
    adjust.mutate({ id: user.id, amount, reason: reason.trim() });
  };

  if (adjust.isSuccess) {
    return (
      <Dialog open onClose={onClose} aria-labelledby={titleId} fullWidth maxWidth="xs">
        <DialogTitle id={titleId}>{t('admin.credits.doneTitle')}</DialogTitle>
        <DialogContent>
          <Alert severity="success" data-testid="credits-result">
            {t('admin.credits.newBalance', { name, credits: adjust.data.credits })}
          </Alert>
        </DialogContent>
        <DialogActions sx={{ px: 3, pb: 2 }}>
          <Button variant="contained" onClick={onClose} autoFocus>
            {t('common.close')}
          </Button>
        </DialogActions>
      </Dialog>
    );
  }

  const preview = !amountProblem ? user.credits + amount : null;

  return (
    <Dialog open onClose={adjust.isPending ? undefined : onClose} aria-labelledby={titleId} fullWidth maxWidth="sm">
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          submit();
        }}
      >
        <DialogTitle id={titleId}>{t('admin.credits.title', { name })}</DialogTitle>
        <DialogContent>
          <DialogContentText sx={{ mb: 2 }}>{t('admin.credits.intro')}</DialogContentText>
          <Box sx={{ display: 'flex', gap: 3, mb: 2.5, flexWrap: 'wrap' }}>
            <Box>
              <Typography variant="body2" color="text.secondary">
                {t('admin.credits.current')}
              </Typography>
              <Typography sx={{ fontSize: '1.5rem', fontWeight: 600 }} data-testid="credits-current">
                {user.credits}
              </Typography>
            </Box>
            <Box aria-live="polite">
              <Typography variant="body2" color="text.secondary">
                {t('admin.credits.after')}
              </Typography>
              <Typography sx={{ fontSize: '1.5rem', fontWeight: 600, color: preview === null ? 'text.disabled' : 'primary.main' }}>
                {preview ?? '—'}
              </Typography>
            </Box>
          </Box>
          <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '160px 1fr' }, gap: 2, alignItems: 'start' }}>
            <TextField
              label={t('admin.credits.amount')}
              value={amountText}
              onChange={(event) => setAmountText(event.target.value)}
              onBlur={() => setTouched((s) => ({ ...s, amount: true }))}
              required
              autoFocus
              error={Boolean(amountError)}
              helperText={amountError ?? t('admin.credits.amountHelp')}
              slotProps={{ htmlInput: { inputMode: 'numeric', pattern: '[-+]?[0-9]*' } }}
            />
            <TextField
              label={t('admin.credits.reason')}
              value={reason}
              onChange={(event) => setReason(event.target.value)}
              onBlur={() => setTouched((s) => ({ ...s, reason: true }))}
              required
              fullWidth
              error={Boolean(reasonError)}
              helperText={reasonError ?? t('admin.credits.reasonHelp')}
              slotProps={{ htmlInput: { maxLength: CREDIT_REASON_MAX + 50 } }}
            />
          </Box>
          {adjust.isError && !hasFieldErrors(adjust.error, ['amount', 'reason']) && (
            <Alert severity="error" sx={{ mt: 2 }}>
              {errorMessage(adjust.error, t)}
            </Alert>
          )}
        </DialogContent>
        <DialogActions sx={{ px: 3, pb: 2 }}>
          <Button onClick={onClose} disabled={adjust.isPending}>
            {t('common.cancel')}
          </Button>
          <Button
            type="submit"
            variant="contained"
            disabled={adjust.isPending}
            startIcon={adjust.isPending ? <CircularProgress size={16} color="inherit" aria-hidden="true" /> : undefined}
          >
            {t('admin.credits.submit')}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
