import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { useBuyCredits } from '@/features/billing/api/buy-credits';
import { useCreditLogs } from '@/features/billing/api/get-credit-logs';
import { BalanceCard } from '@/features/billing/components/balance-card';
import { CreditHistoryCard } from '@/features/billing/components/credit-history-card';
import { PaymentDialog } from '@/features/billing/components/payment-dialog';
import { PaymentReturnNotice } from '@/features/billing/components/payment-return-notice';
import { PurchaseCard } from '@/features/billing/components/purchase-card';
import { useCreditArrival } from '@/features/billing/hooks/use-webhook-arrival';
import type { Quote } from '@/features/billing/money';
import { useReturnOutcome } from '@/features/billing/hooks/use-return-outcome';
import { readPaymentReturn } from '@/features/billing/return-messages';
import { clearPendingPurchase, readPendingPurchase, savePendingPurchase } from '@/features/billing/pending-purchase';
import { Faq } from '@/components/ui/faq';
import { Testimonials } from '@/components/ui/testimonials';
import { useCurrentUser } from '@/lib/auth/session';

/** Questions providers ask before buying credits (creditsPage.faq.<topic>). */
const FAQ_TOPICS = ['what', 'expire', 'price', 'decline', 'premium', 'payment', 'refund'] as const;

function newIdempotencyKey(): string {
  return typeof crypto !== 'undefined' && 'randomUUID' in crypto ? crypto.randomUUID() : `${Date.now()}-${Math.random().toString(36).slice(2)}`;
}

/**
 * The credits page (part 2 §2): balance ring, slider purchase with quick
 * picks and the server's prices, the payment dialog (Stripe Elements or the
 * sandbox's test card page), the message of a return from payment (then
 * removed from the address), history, FAQ and testimonials.
 */
export function CreditsPage() {
  const { t } = useTranslation();
  const user = useCurrentUser();
  const [outcome, setOutcome] = useReturnOutcome(readPaymentReturn);
  const [pending] = useState(() => readPendingPurchase());
  const arrival = useCreditArrival(outcome?.succeeded ?? false, pending, user.credits);
  const logs = useCreditLogs();
  const buy = useBuyCredits();
  const [order, setOrder] = useState<Quote | null>(null);
  // Purchased credits are kept but not spendable while premium is in force.
  const paused = user.isPremium;

  useEffect(() => {
    if (outcome && outcome.tone === 'error') clearPendingPurchase();
  }, [outcome]);

  const start = (quote: Quote) => {
    setOrder(quote);
    buy.reset();
    buy.mutate(
      { credits: quote.credits, priceCents: quote.totalCents, idempotencyKey: newIdempotencyKey() },
      {
        onSuccess: (payment) =>
          savePendingPurchase({ paymentIntentId: payment.paymentIntentId, credits: quote.credits, balanceBefore: user.credits }),
      },
    );
  };

  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', gap: 3 }}>
      <Box>
        <Typography variant="h1" sx={{ mb: 1 }}>
          {t('creditsPage.title')}
        </Typography>
        <Typography color="text.secondary">{t('creditsPage.subtitle')}</Typography>
      </Box>

      {outcome && (
        <PaymentReturnNotice outcome={outcome} arrival={arrival.state} added={arrival.added} balance={user.credits} onClose={() => setOutcome(null)} />
      )}

      {paused && (
        <Alert
          severity="info"
          data-testid="credits-paused"
          action={
            <Button component={RouterLink} to="/subscription" color="inherit" size="small" sx={{ whiteSpace: 'nowrap' }}>
              {t('creditsPage.paused.link')}
            </Button>
          }
        >
          <AlertTitle>{t('creditsPage.paused.title')}</AlertTitle>
          {t('creditsPage.paused.text', { count: user.credits })}
        </Alert>
      )}

      {!user.isModerated && (
        <Alert severity="info" data-testid="credits-moderation">
          <AlertTitle>{t('moderation.title')}</AlertTitle>
          {t('creditsPage.moderation')}
        </Alert>
      )}

      <Box sx={{ display: 'grid', gap: 3, gridTemplateColumns: { xs: 'minmax(0, 1fr)', md: 'minmax(0, 5fr) minmax(0, 7fr)', xl: 'minmax(0, 4fr) minmax(0, 8fr)' } }}>
        <BalanceCard balance={user.credits} logs={logs.data} paused={paused} />
        <PurchaseCard disabled={!user.isModerated} onBuy={start} />
      </Box>

      <Box sx={{ display: 'grid', gap: 3, alignItems: 'start', gridTemplateColumns: { xs: 'minmax(0, 1fr)', lg: 'minmax(0, 7fr) minmax(0, 5fr)' } }}>
        <CreditHistoryCard />
        <Faq keyPrefix="creditsPage.faq" topics={FAQ_TOPICS} data-testid="credits-faq" />
      </Box>

      {/* Part 2 §1's figures for credits: 10,000+ users, 4.8/5, 99%. */}
      <Testimonials keyPrefix="creditsPage" trustTestId="credits-trust" />

      <PaymentDialog
        order={order}
        pending={buy.isPending}
        error={buy.error}
        payment={buy.data}
        onRetry={() => {
          if (order) start(order);
        }}
        onClose={() => {
          setOrder(null);
          buy.reset();
        }}
      />
    </Box>
  );
}
