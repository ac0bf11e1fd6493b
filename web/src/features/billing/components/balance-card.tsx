import ArrowForwardIcon from '@mui/icons-material/ArrowForward';
import PauseCircleOutlinedIcon from '@mui/icons-material/PauseCircleOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import CircularProgress from '@mui/material/CircularProgress';
import Typography from '@mui/material/Typography';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import type { CreditLog } from '@/features/billing/api/get-credit-logs';
import { plural } from '@/features/billing/plural';

interface BalanceCardProps {
  balance: number;
  /** The ledger, when loaded: the ring shows what is left of everything received. */
  logs: CreditLog[] | undefined;
  paused: boolean;
}

const RING = 168;

/** The balance ring: credits left, against every credit ever received. */
export function BalanceCard({ balance, logs, paused }: BalanceCardProps) {
  const { t, i18n } = useTranslation();
  const titleId = useId();
  const received = logs?.reduce((sum, log) => sum + log.deposited, 0) ?? 0;
  const used = logs?.reduce((sum, log) => sum + log.withdrawn, 0) ?? 0;
  const share = received > 0 ? Math.min(100, (balance / received) * 100) : balance > 0 ? 100 : 0;
  return (
    <Card component="section" aria-labelledby={titleId} data-testid="balance-card" sx={{ height: '100%' }}>
      <CardContent
        sx={{ p: { xs: 2.5, sm: 3 }, '&:last-child': { pb: { xs: 2.5, sm: 3 } }, display: 'flex', flexDirection: 'column', gap: 2.5, height: '100%' }}
      >
        <Box sx={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: 1 }}>
          <Typography id={titleId} variant="h2" sx={{ fontSize: '1.25rem' }}>
            {t('creditsPage.balance.title')}
          </Typography>
          {paused && (
            <Chip icon={<PauseCircleOutlinedIcon />} label={t('creditsPage.balance.paused')} size="small" color="warning" variant="outlined" />
          )}
        </Box>
        <Box sx={{ display: 'flex', justifyContent: 'center', py: 1 }}>
          <Box sx={{ position: 'relative', width: RING, height: RING }}>
            <CircularProgress
              variant="determinate"
              value={100}
              size={RING}
              thickness={3.2}
              aria-hidden="true"
              sx={{ color: 'grey.200', position: 'absolute', inset: 0 }}
            />
            <CircularProgress
              variant="determinate"
              value={share}
              size={RING}
              thickness={3.2}
              aria-label={t('creditsPage.balance.ringLabel', { count: balance, received })}
              sx={{ color: paused ? 'grey.500' : 'primary.main', position: 'absolute', inset: 0, '& circle': { strokeLinecap: 'round' } }}
            />
            <Box sx={{ position: 'absolute', inset: 0, display: 'flex', flexDirection: 'column', alignItems: 'center', justifyContent: 'center' }}>
              <Typography
                component="p"
                data-testid="credit-balance"
                aria-live="polite"
                sx={{ fontSize: '3rem', fontWeight: 700, lineHeight: 1, color: paused ? 'text.secondary' : 'text.primary' }}
              >
                {balance}
              </Typography>
              <Typography variant="body2" color="text.secondary">
                {t(plural(i18n.language, balance, 'creditsPage.balance.unitOne', 'creditsPage.balance.unitOther'))}
              </Typography>
            </Box>
          </Box>
        </Box>
        <Box sx={{ display: 'grid', gridTemplateColumns: '1fr 1fr', gap: 1.5 }}>
          <Box sx={{ p: 1.5, borderRadius: 2, bgcolor: 'action.hover', textAlign: 'center' }}>
            <Typography sx={{ fontWeight: 700, fontSize: '1.125rem' }} data-testid="credits-received">
              {logs ? received : '–'}
            </Typography>
            <Typography variant="caption" color="text.secondary">
              {t('creditsPage.balance.received')}
            </Typography>
          </Box>
          <Box sx={{ p: 1.5, borderRadius: 2, bgcolor: 'action.hover', textAlign: 'center' }}>
            <Typography sx={{ fontWeight: 700, fontSize: '1.125rem' }} data-testid="credits-used">
              {logs ? used : '–'}
            </Typography>
            <Typography variant="caption" color="text.secondary">
              {t('creditsPage.balance.used')}
            </Typography>
          </Box>
        </Box>
        <Typography variant="body2" color="text.secondary">
          {paused ? t('creditsPage.balance.pausedHint') : t('creditsPage.balance.hint')}
        </Typography>
        <Button component={RouterLink} to="/event-requests" variant="outlined" endIcon={<ArrowForwardIcon />} sx={{ mt: 'auto', alignSelf: 'flex-start' }}>
          {t('creditsPage.balance.seeRequests')}
        </Button>
      </CardContent>
    </Card>
  );
}
