import NorthEastIcon from '@mui/icons-material/NorthEast';
import SouthWestIcon from '@mui/icons-material/SouthWest';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useCreditLogs } from '@/features/billing/api/get-credit-logs';
import { SectionCard } from '@/components/ui/section-card';
import { visuallyHidden } from '@/components/ui/visually-hidden';
import { plural } from '@/features/billing/plural';
import { intlLocale } from '@/lib/locales';
import { formatMoney } from '@/lib/money';

const FIRST_ROWS = 6;

function formatDateTime(value: string, locale: string): string {
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) return value;
  return new Intl.DateTimeFormat(intlLocale(locale), { dateStyle: 'medium', timeStyle: 'short' }).format(date);
}

/** The credit ledger, newest first: every deposit and every withdrawal. */
export function CreditHistoryCard() {
  const { t, i18n } = useTranslation();
  const logs = useCreditLogs();
  const [all, setAll] = useState(false);
  const rows = logs.data ?? [];
  const shown = all ? rows : rows.slice(0, FIRST_ROWS);

  return (
    <SectionCard title={t('creditsPage.history.title')} description={t('creditsPage.history.subtitle')} data-testid="credit-history">
      {logs.isPending && (
        <Box sx={{ display: 'flex', flexDirection: 'column', gap: 1 }} aria-hidden="true">
          {[0, 1, 2].map((row) => (
            <Skeleton key={row} variant="rounded" height={48} />
          ))}
        </Box>
      )}
      {logs.isError && (
        <Alert
          severity="error"
          action={
            <Button color="inherit" size="small" onClick={() => void logs.refetch()}>
              {t('common.retry')}
            </Button>
          }
        >
          {t('creditsPage.errors.history_load_error')}
        </Alert>
      )}
      {logs.data && rows.length === 0 && (
        <Typography color="text.secondary" sx={{ py: 2 }}>
          {t('creditsPage.history.empty')}
        </Typography>
      )}
      {shown.length > 0 && (
        <Box component="ul" aria-label={t('creditsPage.history.title')} sx={{ listStyle: 'none', m: 0, p: 0 }}>
          {shown.map((log) => {
            const deposit = log.deposited > 0;
            const amount = deposit ? `+${log.deposited}` : `−${log.withdrawn}`;
            return (
              <Box
                component="li"
                key={log.id}
                data-testid="credit-log"
                sx={{ display: 'flex', alignItems: 'center', gap: 1.5, py: 1.25, borderTop: 1, borderColor: 'divider', '&:first-of-type': { borderTop: 0 } }}
              >
                <Box
                  aria-hidden="true"
                  sx={{
                    width: 36,
                    height: 36,
                    flexShrink: 0,
                    borderRadius: '50%',
                    display: 'grid',
                    placeItems: 'center',
                    bgcolor: deposit ? 'rgba(30, 107, 52, 0.1)' : 'action.hover',
                    color: deposit ? 'success.main' : 'text.secondary',
                  }}
                >
                  {deposit ? <SouthWestIcon fontSize="small" /> : <NorthEastIcon fontSize="small" />}
                </Box>
                <Box sx={{ flexGrow: 1, minWidth: 0 }}>
                  <Typography sx={{ fontWeight: 500, overflowWrap: 'anywhere' }}>{log.description}</Typography>
                  <Typography variant="body2" color="text.secondary">
                    <time dateTime={log.createdAt}>{formatDateTime(log.createdAt, i18n.language)}</time>
                    {/* A purchase says what it cost, in the currency it was paid in. */}
                    {log.amountCents != null && <span data-testid="credit-log-paid"> · {formatMoney(log.amountCents, log.currency, i18n.language)}</span>}
                  </Typography>
                </Box>
                <Typography sx={{ fontWeight: 700, whiteSpace: 'nowrap', color: deposit ? 'success.main' : 'text.primary' }}>
                  <span aria-hidden="true">{amount}</span>
                  <Box component="span" sx={visuallyHidden}>
                    {deposit
                      ? t(plural(i18n.language, log.deposited, 'creditsPage.history.depositedOne', 'creditsPage.history.depositedOther'), { count: log.deposited })
                      : t(plural(i18n.language, log.withdrawn, 'creditsPage.history.withdrawnOne', 'creditsPage.history.withdrawnOther'), { count: log.withdrawn })}
                  </Box>
                </Typography>
              </Box>
            );
          })}
        </Box>
      )}
      {rows.length > FIRST_ROWS && (
        <Button onClick={() => setAll((value) => !value)} sx={{ mt: 1 }}>
          {all ? t('creditsPage.history.showLess') : t('creditsPage.history.showAll', { count: rows.length })}
        </Button>
      )}
    </SectionCard>
  );
}
