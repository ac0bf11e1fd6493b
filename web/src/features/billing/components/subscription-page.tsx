import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useBillingPortal } from '@/features/billing/api/open-billing-portal';
import { useSubscribe, type Billing } from '@/features/billing/api/subscribe';
import { useWebhookArrival } from '@/features/billing/hooks/use-webhook-arrival';
import { BillingToggle, PlanCards } from '@/features/billing/components/plan-cards';
import { PlanComparison } from '@/features/billing/components/plan-comparison';
import { SubscriptionStatusCard } from '@/features/billing/components/subscription-status-card';
import { useReturnOutcome } from '@/features/billing/hooks/use-return-outcome';
import { readSubscriptionReturn, subscriptionErrorText, type BillingReturn } from '@/features/billing/return-messages';
import { Faq } from '@/components/ui/faq';
import { Testimonials } from '@/components/ui/testimonials';
import { useCurrentUser } from '@/lib/auth/session';
import { leavePage } from '@/lib/leave-page';

/** Questions providers ask before subscribing (subscription.faq.<topic>). */
const FAQ_TOPICS = ['includes', 'yearly', 'cancel', 'withdrawal', 'credits', 'switch', 'payment'] as const;

function ReturnNotice({ outcome, arrival, onClose }: { outcome: BillingReturn; arrival: string; onClose: () => void }) {
  const { t } = useTranslation();
  if (outcome.succeeded && arrival === 'waiting') {
    return (
      <Alert severity="info" icon={<CircularProgress size={20} aria-hidden="true" />} role="status" data-testid="premium-processing">
        <AlertTitle>{t('subscription.return.success')}</AlertTitle>
        {t('subscription.return.waiting')}
      </Alert>
    );
  }
  if (outcome.succeeded) {
    return (
      <Alert severity={arrival === 'slow' ? 'info' : 'success'} role="status" onClose={onClose} data-testid="subscription-return">
        <AlertTitle>{t('subscription.return.success')}</AlertTitle>
        {arrival === 'slow' ? t('subscription.return.slow') : t('subscription.return.arrived')}
      </Alert>
    );
  }
  return (
    <Alert severity={outcome.tone} role={outcome.tone === 'error' ? 'alert' : 'status'} onClose={onClose} data-testid="subscription-return">
      {t(outcome.messageKey)}
    </Alert>
  );
}

/**
 * The pricing and subscription page (part 2 §2): the subscription in force,
 * free against premium with monthly or yearly billing (yearly by default,
 * "save 20%"), the comparison, FAQ and testimonials. Subscribing and managing
 * both leave for the processor's page (Checkout, billing portal, or the
 * sandbox's), which comes back with ?status=success|cancel, read then removed.
 */
export function SubscriptionPage() {
  const { t } = useTranslation();
  const user = useCurrentUser();
  const [outcome, setOutcome] = useReturnOutcome(readSubscriptionReturn);
  const arrival = useWebhookArrival(outcome?.succeeded ?? false, user.isPremium);
  const [billing, setBilling] = useState<Billing>(user.premiumPlan === 'monthly' ? 'monthly' : 'yearly');
  const subscribe = useSubscribe();
  const portal = useBillingPortal();
  const [leaving, setLeaving] = useState<'subscribe' | 'manage' | null>(null);
  const error = subscribe.error ?? portal.error;

  const go = (url: string, action: 'subscribe' | 'manage') => {
    setLeaving(action);
    leavePage(url);
  };
  const startSubscription = () => {
    portal.reset();
    subscribe.mutate(billing, { onSuccess: (url) => go(url, 'subscribe') });
  };
  const manage = () => {
    subscribe.reset();
    portal.mutate(undefined, { onSuccess: (url) => go(url, 'manage') });
  };
  const busy = subscribe.isPending || leaving === 'subscribe' ? 'subscribe' : portal.isPending || leaving === 'manage' ? 'manage' : null;
  const locked = !user.isModerated;

  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', gap: 3 }}>
      <Box>
        <Typography variant="h1" sx={{ mb: 1 }}>
          {t('subscription.title')}
        </Typography>
        <Typography color="text.secondary">{t('subscription.subtitle')}</Typography>
      </Box>

      {outcome && <ReturnNotice outcome={outcome} arrival={arrival} onClose={() => setOutcome(null)} />}

      {locked && (
        <Alert severity="info" data-testid="subscription-moderation">
          <AlertTitle>{t('moderation.title')}</AlertTitle>
          {t('subscription.moderation')}
        </Alert>
      )}

      {error !== null && (
        <Alert severity="error" role="alert" data-testid="subscription-error" onClose={() => (subscribe.error ? subscribe.reset() : portal.reset())}>
          {subscriptionErrorText(error, t)}
        </Alert>
      )}

      <SubscriptionStatusCard user={user} busy={busy !== null || locked} onManage={manage} />

      <Box component="section" aria-labelledby="plans-title" sx={{ display: 'flex', flexDirection: 'column', gap: 2.5, mt: 1 }}>
        <Box sx={{ textAlign: 'center' }}>
          <Typography id="plans-title" variant="h2" sx={{ mb: 0.5 }}>
            {t('subscription.plans.title')}
          </Typography>
          <Typography color="text.secondary">{t('subscription.plans.subtitle')}</Typography>
        </Box>
        <BillingToggle billing={billing} onChange={setBilling} />
        <PlanCards billing={billing} status={user.premiumStatus} busy={busy}
          disabled={locked} onSubscribe={startSubscription} onManage={manage} />
        <Typography variant="caption" color="text.secondary" sx={{ textAlign: 'center' }}>
          {t('subscription.plans.taxes')}
        </Typography>
      </Box>

      <Box sx={{ display: 'grid', gap: 3, alignItems: 'start', gridTemplateColumns: { xs: 'minmax(0, 1fr)', lg: 'minmax(0, 7fr) minmax(0, 5fr)' } }}>
        <PlanComparison />
        <Faq keyPrefix="subscription.faq" topics={FAQ_TOPICS} data-testid="subscription-faq" />
      </Box>

      {/* The pricing page's figures (part 2 §1): 200+ users, 4.8/5, 98%. */}
      <Testimonials keyPrefix="subscription" trustTestId="subscription-trust" />
    </Box>
  );
}
