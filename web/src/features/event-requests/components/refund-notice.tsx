import ReplayRoundedIcon from '@mui/icons-material/ReplayRounded';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Chip from '@mui/material/Chip';
import { useTranslation } from 'react-i18next';
import type { components } from '@/lib/api/schema';
import { formatDate } from '@/features/event-requests/request-status';

/** What a request says of its credit: when it came back by itself and why (bounced, unopened, booked elsewhere); both null otherwise. */
interface Refunded {
  refundedAt: components['schemas']['RefundedAt'];
  refundReason: components['schemas']['RefundReason'];
}

/** "Credit returned" on a request of the list, its reason in the tooltip and for screen readers. */
export function RefundChip({ request }: { request: Refunded }) {
  const { t } = useTranslation();
  if (!request.refundedAt || !request.refundReason) return null;
  const reason = t(`refund.reasons.${request.refundReason}`);
  return (
    <Chip
      size="small"
      color="success"
      variant="outlined"
      icon={<ReplayRoundedIcon />}
      label={t('refund.chip')}
      title={reason}
      aria-description={reason}
      data-testid="refund-chip"
      data-reason={request.refundReason}
    />
  );
}

/** The request's page: the credit came back, on which day and why. */
export function RefundNotice({ request }: { request: Refunded }) {
  const { t, i18n } = useTranslation();
  if (!request.refundedAt || !request.refundReason) return null;
  return (
    <Alert severity="success" icon={<ReplayRoundedIcon />} data-testid="refund-notice" data-reason={request.refundReason}>
      <AlertTitle>{t('refund.title')}</AlertTitle>
      {t('refund.body', { date: formatDate(request.refundedAt, i18n.language, 'long'), reason: t(`refund.reasons.${request.refundReason}`) })}
    </Alert>
  );
}
