import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import CircularProgress from '@mui/material/CircularProgress';
import { useTranslation } from 'react-i18next';
import type { ArrivalState } from '@/features/billing/hooks/use-webhook-arrival';
import type { PaymentReturn } from '@/features/billing/return-messages';
import { plural } from '@/features/billing/plural';

interface PaymentReturnNoticeProps {
  outcome: PaymentReturn;
  arrival: ArrivalState;
  added: number;
  balance: number;
  onClose: () => void;
}

/** The message of a return from the payment page; after a success, the wait for the credits. */
export function PaymentReturnNotice({ outcome, arrival, added, balance, onClose }: PaymentReturnNoticeProps) {
  const { t, i18n } = useTranslation();
  if (outcome.succeeded) {
    if (arrival === 'waiting') {
      return (
        <Alert severity="info" icon={<CircularProgress size={20} aria-hidden="true" />} data-testid="payment-processing" role="status">
          <AlertTitle>{t('creditsPage.return.success')}</AlertTitle>
          {t('creditsPage.return.waiting')}
        </Alert>
      );
    }
    if (arrival === 'slow') {
      return (
        <Alert severity="info" data-testid="payment-slow" onClose={onClose}>
          <AlertTitle>{t('creditsPage.return.success')}</AlertTitle>
          {t('creditsPage.return.slow')}
        </Alert>
      );
    }
    return (
      <Alert severity="success" data-testid="payment-return" data-status={outcome.status} onClose={onClose} role="status">
        <AlertTitle>{t('creditsPage.return.success')}</AlertTitle>
        {t(plural(i18n.language, added, 'creditsPage.return.arrivedOne', 'creditsPage.return.arrivedOther'), { count: added, balance })}
      </Alert>
    );
  }
  return (
    <Alert severity={outcome.tone} data-testid="payment-return" data-status={outcome.status} onClose={onClose} role={outcome.tone === 'error' ? 'alert' : 'status'}>
      {t(outcome.messageKey)}
    </Alert>
  );
}
