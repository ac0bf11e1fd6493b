import EventRepeatIcon from '@mui/icons-material/EventRepeat';
import WorkspacePremiumIcon from '@mui/icons-material/WorkspacePremium';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import CircularProgress from '@mui/material/CircularProgress';
import Typography from '@mui/material/Typography';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { useCreditPrices } from '@/features/billing/api/get-credit-prices';
import { formatMoney } from '@/features/billing/money';
import type { User } from '@/lib/auth/user';
import { intlLocale } from '@/lib/locales';

type StatusUser = Pick<User, 'premiumStatus' | 'premiumPlan' | 'premiumStartAt' | 'premiumEndAt'>;

interface SubscriptionStatusCardProps {
  user: StatusUser;
  busy: boolean;
  onManage: () => void;
}

function formatDate(value: string | null, locale: string): string | null {
  if (!value) return null;
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? null : new Intl.DateTimeFormat(intlLocale(locale), { dateStyle: 'long' }).format(date);
}

/**
 * The subscription in force or the one that ended (part 2 §3 "Subscription
 * display" and §4 "Premium status"): active with its renewal date and a
 * downgrade button; cancellation with its end date and a renew button;
 * canceled with the date it ended. Nothing for a provider who never subscribed.
 */
export function SubscriptionStatusCard({ user, busy, onManage }: SubscriptionStatusCardProps) {
  const { t, i18n } = useTranslation();
  const titleId = useId();
  const prices = useCreditPrices().data;
  const status = user.premiumStatus;
  if (status === 'none') return null;
  const since = formatDate(user.premiumStartAt, i18n.language);
  const end = formatDate(user.premiumEndAt, i18n.language);
  const money = (cents: number | undefined) => (prices && cents !== undefined ? formatMoney(cents, prices.currency, i18n.language) : '—');
  // The plan in force: none once it has ended (the server sends none then);
  // while a cancelled one runs to its end, it is said not to bill again.
  const plan =
    status === 'canceled'
      ? null
      : user.premiumPlan === 'yearly'
        ? t('subscription.status.billingYearly', { price: money(prices?.premium.yearlyCents) })
        : user.premiumPlan === 'monthly'
          ? t('subscription.status.billingMonthly', { price: money(prices?.premium.monthlyCents) })
          : null;
  const billing = plan && status === 'cancellation' ? t('subscription.status.billingNotRenewed', { billing: plan }) : plan;
  const chip =
    status === 'active'
      ? { label: t('subscription.status.chipActive'), color: 'success' as const }
      : status === 'cancellation'
        ? { label: t('subscription.status.chipCancellation'), color: 'warning' as const }
        : { label: t('subscription.status.chipCanceled'), color: 'default' as const };
  const rows: { label: string; value: string }[] = [];
  if (since && status !== 'canceled') rows.push({ label: t('subscription.status.since'), value: since });
  if (billing) rows.push({ label: t('subscription.status.billing'), value: billing });
  if (end) {
    const label =
      status === 'active' ? t('subscription.status.renewsOn') : status === 'cancellation' ? t('subscription.status.endsOn') : t('subscription.status.endedOn');
    rows.push({ label, value: end });
  }

  return (
    <Card
      component="section"
      aria-labelledby={titleId}
      data-testid="subscription-status"
      data-status={status}
      sx={{
        borderColor: status === 'active' ? 'secondary.light' : status === 'cancellation' ? 'warning.main' : undefined,
        background: status === 'active' ? 'linear-gradient(135deg, rgba(217, 184, 103, 0.16), rgba(123, 45, 75, 0.06))' : undefined,
      }}
    >
      <CardContent sx={{ p: { xs: 2.5, sm: 3 }, '&:last-child': { pb: { xs: 2.5, sm: 3 } }, display: 'flex', flexDirection: { xs: 'column', md: 'row' }, gap: 3 }}>
        <Box sx={{ display: 'flex', gap: 2, flexGrow: 1, minWidth: 0 }}>
          <Box
            aria-hidden="true"
            sx={{ width: 48, height: 48, flexShrink: 0, borderRadius: 2, display: { xs: 'none', sm: 'grid' }, placeItems: 'center', bgcolor: status === 'canceled' ? 'action.hover' : 'secondary.main', color: status === 'canceled' ? 'text.secondary' : '#fff' }}
          >
            <WorkspacePremiumIcon />
          </Box>
          <Box sx={{ minWidth: 0 }}>
            <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap', mb: 0.5 }}>
              <Typography id={titleId} variant="h2" sx={{ fontSize: '1.25rem' }}>
                {t('subscription.status.title')}
              </Typography>
              <Chip size="small" label={chip.label} color={chip.color} data-testid="premium-status-chip" />
            </Box>
            <Typography color="text.secondary" data-testid="subscription-status-text">
              {status === 'active'
                ? t('subscription.status.activeText', { date: end ?? '' })
                : status === 'cancellation'
                  ? t('subscription.status.cancellationText', { date: end ?? '' })
                  : t('subscription.status.canceledText', { date: end ?? '' })}
            </Typography>
            {rows.length > 0 && (
              <Box component="dl" sx={{ m: 0, mt: 1.5, display: 'grid', gridTemplateColumns: { xs: '1fr', sm: 'repeat(3, auto)' }, justifyContent: 'start', columnGap: 4, rowGap: 1 }}>
                {rows.map((row) => (
                  <Box key={row.label}>
                    <Typography component="dt" variant="caption" color="text.secondary">
                      {row.label}
                    </Typography>
                    <Typography component="dd" sx={{ m: 0, fontWeight: 600 }}>
                      {row.value}
                    </Typography>
                  </Box>
                ))}
              </Box>
            )}
          </Box>
        </Box>
        {status !== 'canceled' && (
          <Box sx={{ display: 'flex', flexDirection: 'column', gap: 1, alignItems: { xs: 'stretch', md: 'flex-end' }, justifyContent: 'center', flexShrink: 0 }}>
            <Button
              variant={status === 'cancellation' ? 'contained' : 'outlined'}
              onClick={onManage}
              disabled={busy}
              startIcon={busy ? <CircularProgress size={18} color="inherit" aria-hidden="true" /> : status === 'cancellation' ? <EventRepeatIcon /> : undefined}
              data-testid="manage-subscription"
            >
              {status === 'cancellation' ? t('subscription.status.renew') : t('subscription.status.downgrade')}
            </Button>
            <Typography variant="caption" color="text.secondary" sx={{ textAlign: { md: 'right' } }}>
              {t('subscription.status.portalHint')}
            </Typography>
          </Box>
        )}
      </CardContent>
    </Card>
  );
}
