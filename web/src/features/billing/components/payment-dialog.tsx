import LockOutlinedIcon from '@mui/icons-material/LockOutlined';
import ScienceOutlinedIcon from '@mui/icons-material/ScienceOutlined';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Divider from '@mui/material/Divider';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTheme } from '@mui/material/styles';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { CreditPayment } from '@/features/billing/api/buy-credits';
import { leavePage } from '@/lib/leave-page';
import { useCreditPrices } from '@/features/billing/api/get-credit-prices';
import { formatMoney, type Quote } from '@/features/billing/money';
import { buyErrorMessage } from '@/features/billing/return-messages';
import { getConfig } from '@/lib/config';
import { plural } from '@/features/billing/plural';

// Stripe.js and its React bindings are loaded with the first Stripe payment only.
const StripePaymentForm = lazy(() =>
  import('@/features/billing/components/stripe-payment-form').then((module) => ({ default: module.StripePaymentForm })),
);

interface PaymentDialogProps {
  order: Quote | null;
  pending: boolean;
  error: unknown;
  payment: CreditPayment | undefined;
  onRetry: () => void;
  onClose: () => void;
}

function PreparingPayment() {
  const { t } = useTranslation();
  return (
    <Box role="status" sx={{ display: 'flex', alignItems: 'center', gap: 2, py: 3, justifyContent: 'center' }}>
      <CircularProgress size={24} aria-hidden="true" />
      <Typography>{t('creditsPage.dialog.preparing')}</Typography>
    </Box>
  );
}

function SandboxPayment({ redirectUrl }: { redirectUrl: string | null }) {
  const { t } = useTranslation();
  const [leaving, setLeaving] = useState(false);
  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', gap: 2 }} data-testid="sandbox-payment">
      <Alert severity="warning" variant="outlined" icon={<ScienceOutlinedIcon />} sx={{ bgcolor: 'warning.light', color: 'warning.dark' }}>
        <AlertTitle sx={{ fontWeight: 700 }}>{t('creditsPage.dialog.sandboxTitle')}</AlertTitle>
        {t('creditsPage.dialog.sandboxText')}
      </Alert>
      <Box component="dl" sx={{ m: 0, display: 'grid', gridTemplateColumns: 'auto 1fr', columnGap: 2, rowGap: 0.5, fontSize: '0.875rem' }}>
        <Box component="dt" sx={{ fontFamily: 'monospace', fontWeight: 600 }}>
          4242 4242 4242 4242
        </Box>
        <Box component="dd" sx={{ m: 0, color: 'text.secondary' }}>
          {t('creditsPage.dialog.sandboxSucceeds')}
        </Box>
        <Box component="dt" sx={{ fontFamily: 'monospace', fontWeight: 600 }}>
          4000 0000 0000 0002
        </Box>
        <Box component="dd" sx={{ m: 0, color: 'text.secondary' }}>
          {t('creditsPage.dialog.sandboxDeclines')}
        </Box>
      </Box>
      <Button
        variant="contained"
        size="large"
        disabled={!redirectUrl || leaving}
        startIcon={leaving ? <CircularProgress size={18} color="inherit" aria-hidden="true" /> : undefined}
        onClick={() => {
          if (!redirectUrl) return;
          setLeaving(true);
          leavePage(redirectUrl);
        }}
        data-testid="sandbox-continue"
      >
        {t('creditsPage.dialog.sandboxContinue')}
      </Button>
    </Box>
  );
}

/** The payment dialog: the order, then Stripe's card form or the sandbox's way to its test card page. */
export function PaymentDialog({ order, pending, error, payment, onRetry, onClose }: PaymentDialogProps) {
  const { t, i18n } = useTranslation();
  const theme = useTheme();
  const fullScreen = useMediaQuery(theme.breakpoints.down('sm'));
  const publishableKey = getConfig().payments.publishableKey;
  // The currency of the list the order was priced from: pounds on the UK domain.
  const currency = useCreditPrices().data?.currency ?? 'EUR';
  const money = (cents: number) => formatMoney(cents, currency, i18n.language);
  const failure = error ? buyErrorMessage(error) : null;

  return (
    <Dialog open={order !== null} onClose={onClose} fullScreen={fullScreen} maxWidth="sm" fullWidth aria-labelledby="payment-dialog-title">
      <DialogTitle id="payment-dialog-title" sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
        <LockOutlinedIcon fontSize="small" color="primary" aria-hidden="true" />
        {t('creditsPage.dialog.title')}
      </DialogTitle>
      <DialogContent sx={{ display: 'flex', flexDirection: 'column', gap: 2.5 }}>
        {order && (
          <Box data-testid="order-summary" sx={{ p: 2, borderRadius: 2, bgcolor: 'action.hover' }}>
            <Box sx={{ display: 'flex', justifyContent: 'space-between', alignItems: 'baseline', gap: 2 }}>
              <Typography sx={{ fontWeight: 600 }}>{t(plural(i18n.language, order.credits, 'creditsPage.dialog.orderCreditsOne', 'creditsPage.dialog.orderCreditsOther'), { count: order.credits })}</Typography>
              <Typography sx={{ fontWeight: 700, fontSize: '1.25rem' }}>{money(order.totalCents)}</Typography>
            </Box>
            <Typography variant="body2" color="text.secondary">
              {t('creditsPage.purchase.unitPrice', { price: money(order.unitCents) })}
              {order.savingCents > 0 && ` · ${t('creditsPage.dialog.saved', { amount: money(order.savingCents) })}`}
            </Typography>
          </Box>
        )}
        <Divider />
        {pending && <PreparingPayment />}
        {failure && (
          <Alert
            severity="error"
            data-testid="buy-error"
            action={
              <Button color="inherit" size="small" onClick={onRetry}>
                {t('common.retry')}
              </Button>
            }
          >
            {failure.key && <AlertTitle sx={{ mb: failure.serverText ? 0.5 : 0 }}>{t(failure.key)}</AlertTitle>}
            {failure.serverText}
          </Alert>
        )}
        {payment?.provider === 'sandbox' && <SandboxPayment redirectUrl={payment.redirectUrl} />}
        {payment?.provider === 'stripe' &&
          (publishableKey ? (
            <Suspense fallback={<PreparingPayment />}>
              <StripePaymentForm publishableKey={publishableKey} clientSecret={payment.clientSecret} amount={order ? money(order.totalCents) : ''} />
            </Suspense>
          ) : (
            <Alert severity="error">{t('creditsPage.errors.stripe_not_loaded')}</Alert>
          ))}
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2, justifyContent: 'space-between', gap: 1, flexWrap: 'wrap' }}>
        <Typography variant="caption" color="text.secondary" sx={{ display: 'flex', alignItems: 'center', gap: 0.5 }}>
          <LockOutlinedIcon sx={{ fontSize: 14 }} aria-hidden="true" />
          {payment?.provider === 'sandbox' ? t('creditsPage.dialog.sandboxFooter') : t('creditsPage.dialog.secured')}
        </Typography>
        <Button onClick={onClose}>{t('common.cancel')}</Button>
      </DialogActions>
    </Dialog>
  );
}
