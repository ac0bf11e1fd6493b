import CheckCircleIcon from '@mui/icons-material/CheckCircle';
import RemoveIcon from '@mui/icons-material/Remove';
import Box from '@mui/material/Box';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { SectionCard } from '@/components/ui/section-card';
import { visuallyHidden } from '@/components/ui/visually-hidden';

/** A cell: true (included), false (not included) or an i18n key of a short text. */
type Cell = boolean | string;

// Part 2 §6, "Roles and permissions": what each plan allows.
const ROWS: { feature: string; free: Cell; premium: Cell }[] = [
  { feature: 'subscription.compare.requests', free: 'subscription.compare.requestsFree', premium: 'subscription.compare.requestsPremium' },
  { feature: 'subscription.compare.contacts', free: 'subscription.compare.contactsFree', premium: 'subscription.compare.contactsPremium' },
  { feature: 'subscription.compare.placement', free: 'subscription.compare.placementFree', premium: 'subscription.compare.placementPremium' },
  { feature: 'subscription.compare.competitors', free: 'subscription.compare.competitorsFree', premium: 'subscription.compare.competitorsPremium' },
  { feature: 'subscription.compare.photos', free: 'subscription.compare.limited', premium: 'subscription.compare.unlimited' },
  { feature: 'subscription.compare.videos', free: 'subscription.compare.one', premium: 'subscription.compare.unlimited' },
  { feature: 'subscription.compare.portfolios', free: 'subscription.compare.one', premium: 'subscription.compare.unlimited' },
  { feature: 'subscription.compare.notifications', free: 'subscription.compare.notificationsFree', premium: 'subscription.compare.notificationsPremium' },
  { feature: 'subscription.compare.viewsChart', free: false, premium: true },
  { feature: 'subscription.compare.mediaStats', free: false, premium: true },
  { feature: 'subscription.compare.instagram', free: false, premium: true },
  { feature: 'subscription.compare.badge', free: false, premium: true },
  { feature: 'subscription.compare.support', free: false, premium: true },
  { feature: 'subscription.compare.club', free: false, premium: 'subscription.compare.clubPremium' },
];

function CellContent({ value }: { value: Cell }) {
  const { t } = useTranslation();
  if (value === true) {
    return (
      <>
        <CheckCircleIcon color="success" fontSize="small" aria-hidden="true" />
        <Box component="span" sx={visuallyHidden}>
          {t('subscription.compare.yes')}
        </Box>
      </>
    );
  }
  if (value === false) {
    return (
      <>
        <RemoveIcon sx={{ color: 'grey.400' }} fontSize="small" aria-hidden="true" />
        <Box component="span" sx={visuallyHidden}>
          {t('subscription.compare.no')}
        </Box>
      </>
    );
  }
  return <Typography variant="body2">{t(value)}</Typography>;
}

/** Free against premium, feature by feature. */
export function PlanComparison() {
  const { t } = useTranslation();
  return (
    <SectionCard title={t('subscription.compare.title')} description={t('subscription.compare.subtitle')} data-testid="plan-comparison">
      {/* Focusable and named: on a phone the table may scroll sideways (axe scrollable-region-focusable). */}
      <TableContainer tabIndex={0} role="region" aria-label={t('subscription.compare.title')} sx={{ mx: { xs: -1, sm: 0 } }}>
        <Table
          size="small"
          sx={{
            tableLayout: 'fixed',
            '& td, & th': { px: { xs: 0.75, sm: 2 }, py: 1.25, fontSize: { xs: '0.8125rem', sm: '0.875rem' }, overflowWrap: 'anywhere' },
            '& td .MuiTypography-root': { fontSize: 'inherit' },
          }}
        >
          <caption style={visuallyHidden}>{t('subscription.compare.title')}</caption>
          <TableHead>
            <TableRow>
              <TableCell sx={{ width: { xs: '40%', sm: '44%' } }}>{t('subscription.compare.feature')}</TableCell>
              <TableCell align="center">{t('subscription.plans.free.name')}</TableCell>
              <TableCell align="center" sx={{ color: 'primary.main', fontWeight: 700 }}>
                {t('subscription.plans.premium.name')}
              </TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {ROWS.map((row) => (
              <TableRow key={row.feature}>
                <TableCell component="th" scope="row" sx={{ fontWeight: 500 }}>
                  {t(row.feature)}
                </TableCell>
                <TableCell align="center" sx={{ color: 'text.secondary' }}>
                  <CellContent value={row.free} />
                </TableCell>
                <TableCell align="center" sx={{ bgcolor: 'action.selected' }}>
                  <CellContent value={row.premium} />
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </TableContainer>
    </SectionCard>
  );
}
