import CheckIcon from '@mui/icons-material/Check';
import WorkspacePremiumIcon from '@mui/icons-material/WorkspacePremium';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import CircularProgress from '@mui/material/CircularProgress';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import { useId, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import type { Billing } from '@/features/billing/api/subscribe';
import { useCreditPrices } from '@/features/billing/api/get-credit-prices';
import { formatMoney, perMonth, YEARLY_SAVING_PERCENT } from '@/features/billing/money';
import type { PremiumStatus } from '@/lib/auth/user';

const FREE_FEATURES = [
  'subscription.plans.free.features.requests',
  'subscription.plans.free.features.credits',
  'subscription.plans.free.features.media',
  'subscription.plans.free.features.email',
] as const;

const PREMIUM_FEATURES = [
  'subscription.plans.premium.features.unlocked',
  'subscription.plans.premium.features.top',
  'subscription.plans.premium.features.media',
  'subscription.plans.premium.features.sms',
  'subscription.plans.premium.features.stats',
  'subscription.plans.premium.features.badge',
  'subscription.plans.premium.features.support',
] as const;

interface BillingToggleProps {
  billing: Billing;
  onChange: (billing: Billing) => void;
}

/** Monthly or yearly (the default), the yearly side carrying the "save 20%" badge. */
export function BillingToggle({ billing, onChange }: BillingToggleProps) {
  const { t } = useTranslation();
  return (
    <Box sx={{ display: 'flex', justifyContent: 'center' }}>
      <ToggleButtonGroup
        exclusive
        value={billing}
        color="primary"
        aria-label={t('subscription.billing.label')}
        onChange={(_event, value: Billing | null) => {
          if (value) onChange(value);
        }}
        sx={{ bgcolor: 'background.paper', '& .MuiToggleButton-root': { px: { xs: 2, sm: 3 }, py: 1, gap: 1 } }}
      >
        <ToggleButton value="monthly" data-testid="billing-monthly">
          {t('subscription.billing.monthly')}
        </ToggleButton>
        <ToggleButton value="yearly" data-testid="billing-yearly">
          {t('subscription.billing.yearly')}
          <Chip
            component="span"
            size="small"
            color="success"
            label={t('subscription.billing.save', { percent: YEARLY_SAVING_PERCENT })}
            data-testid="save-badge"
            sx={{ height: 22, cursor: 'inherit' }}
          />
        </ToggleButton>
      </ToggleButtonGroup>
    </Box>
  );
}

function FeatureList({ keys, id }: { keys: readonly string[]; id: string }) {
  const { t } = useTranslation();
  return (
    <Box component="ul" aria-labelledby={id} sx={{ listStyle: 'none', m: 0, p: 0, display: 'flex', flexDirection: 'column', gap: 1.25 }}>
      {keys.map((key) => (
        <Box component="li" key={key} sx={{ display: 'flex', gap: 1.25, alignItems: 'flex-start' }}>
          <CheckIcon fontSize="small" color="success" aria-hidden="true" sx={{ mt: '2px' }} />
          <Typography variant="body2">{t(key)}</Typography>
        </Box>
      ))}
    </Box>
  );
}

interface PlanCardProps {
  name: string;
  price: string;
  period: string;
  note: ReactNode;
  features: readonly string[];
  action: ReactNode;
  highlighted?: boolean;
  ribbon?: string;
  /** Shown beside the name: the plan the provider is on. */
  current?: boolean;
  /** On a phone the highlighted plan comes first. */
  first?: boolean;
  testId: string;
}

function PlanCard({ name, price, period, note, features, action, highlighted = false, ribbon, current = false, first = false, testId }: PlanCardProps) {
  const { t } = useTranslation();
  const titleId = useId();
  const featuresId = useId();
  return (
    <Card
      component="section"
      aria-labelledby={titleId}
      data-testid={testId}
      sx={{
        position: 'relative',
        overflow: 'visible',
        order: first ? { xs: -1, md: 0 } : 0,
        borderWidth: highlighted ? 2 : 1,
        borderColor: highlighted ? 'primary.main' : 'divider',
        boxShadow: highlighted ? '0 12px 32px rgba(74, 25, 44, 0.12)' : 'none',
      }}
    >
      {ribbon && (
        <Chip
          label={ribbon}
          color="primary"
          size="small"
          icon={<WorkspacePremiumIcon />}
          sx={{ position: 'absolute', top: -13, left: '50%', transform: 'translateX(-50%)' }}
        />
      )}
      <CardContent sx={{ p: { xs: 2.5, sm: 3.5 }, '&:last-child': { pb: { xs: 2.5, sm: 3.5 } }, display: 'flex', flexDirection: 'column', gap: 2.5, height: '100%' }}>
        <Box>
          <Box sx={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: 1, mb: 1.5 }}>
            <Typography id={titleId} variant="h2" sx={{ fontSize: '1.25rem' }}>
              {name}
            </Typography>
            {current && <Chip size="small" variant="outlined" label={t('subscription.plans.current')} data-testid={`${testId}-current`} />}
          </Box>
          <Box sx={{ display: 'flex', alignItems: 'baseline', gap: 0.75, flexWrap: 'wrap' }}>
            <Typography component="p" sx={{ fontSize: '2.5rem', fontWeight: 700, lineHeight: 1.1 }} data-testid={`${testId}-price`}>
              {price}
            </Typography>
            <Typography color="text.secondary">{period}</Typography>
          </Box>
          <Typography variant="body2" color="text.secondary" sx={{ mt: 0.75, minHeight: '1.5em' }} data-testid={`${testId}-note`}>
            {note}
          </Typography>
        </Box>
        {action}
        <Box>
          <Typography id={featuresId} variant="subtitle2" sx={{ mb: 1.25 }}>
            {t('subscription.plans.includes')}
          </Typography>
          <FeatureList keys={features} id={featuresId} />
        </Box>
      </CardContent>
    </Card>
  );
}

interface PlanCardsProps {
  billing: Billing;
  status: PremiumStatus;
  busy: 'subscribe' | 'manage' | null;
  /** Not moderated yet: nothing can be bought. */
  disabled: boolean;
  onSubscribe: () => void;
  onManage: () => void;
}

/** The free plan beside premium at the chosen billing, each with what it includes and its button. */
export function PlanCards({ billing, status, busy, disabled, onSubscribe, onManage }: PlanCardsProps) {
  const { t, i18n } = useTranslation();
  // Premium's prices in the user's currency (pounds on the UK domain); a dash until they arrive.
  const prices = useCreditPrices().data;
  const money = (cents: number | undefined) => (prices && cents !== undefined ? formatMoney(cents, prices.currency, i18n.language) : '—');
  const monthly = prices?.premium.monthlyCents;
  const yearly = prices?.premium.yearlyCents;
  const inForce = status === 'active' || status === 'cancellation';
  const spinner = <CircularProgress size={18} color="inherit" aria-hidden="true" />;

  // Credits are paused while premium is in force: no way to them from here then.
  const freeAction = inForce ? null : (
    <Button component={RouterLink} to="/credits" variant="outlined" size="large" data-testid="buy-credits-link">
      {t('subscription.plans.free.buyCredits')}
    </Button>
  );

  const premiumAction = inForce ? (
    <Button
      variant="contained"
      size="large"
      onClick={onManage}
      disabled={disabled || busy !== null}
      startIcon={busy === 'manage' ? spinner : undefined}
      data-testid="premium-manage"
    >
      {status === 'cancellation' ? t('subscription.status.renew') : t('subscription.plans.premium.manage')}
    </Button>
  ) : (
    <Button
      variant="contained"
      size="large"
      onClick={onSubscribe}
      disabled={disabled || busy !== null}
      startIcon={busy === 'subscribe' ? spinner : <WorkspacePremiumIcon />}
      data-testid="subscribe-button"
    >
      {billing === 'yearly'
        ? t('subscription.plans.premium.subscribeYearly', { price: money(yearly) })
        : t('subscription.plans.premium.subscribeMonthly', { price: money(monthly) })}
    </Button>
  );

  return (
    <Box sx={{ display: 'grid', gap: 3, pt: 1.5, gridTemplateColumns: { xs: 'minmax(0, 1fr)', md: 'repeat(2, minmax(0, 1fr))' }, maxWidth: 960, width: '100%', mx: 'auto' }}>
      <PlanCard
        testId="plan-free"
        name={t('subscription.plans.free.name')}
        price={money(0)}
        period={t('subscription.plans.perMonth')}
        note={t('subscription.plans.free.note')}
        features={FREE_FEATURES}
        action={freeAction}
        current={!inForce}
      />
      <PlanCard
        testId="plan-premium"
        highlighted
        first
        ribbon={inForce ? undefined : t('subscription.plans.premium.ribbon')}
        name={t('subscription.plans.premium.name')}
        price={money(billing === 'yearly' && yearly !== undefined ? perMonth(yearly) : monthly)}
        period={t('subscription.plans.perMonth')}
        note={
          billing === 'yearly'
            ? t('subscription.plans.premium.yearlyNote', { price: money(yearly) })
            : t('subscription.plans.premium.monthlyNote')
        }
        features={PREMIUM_FEATURES}
        action={premiumAction}
        current={inForce}
      />
    </Box>
  );
}
