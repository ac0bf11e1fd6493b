import HourglassTopIcon from '@mui/icons-material/HourglassTop';
import TollIcon from '@mui/icons-material/Toll';
import WorkspacePremiumIcon from '@mui/icons-material/WorkspacePremium';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Tooltip from '@mui/material/Tooltip';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { BrandLogo } from '@/components/ui/brand-logo';
import { hasRole, type User } from '@/lib/auth/user';
import { intlLocale } from '@/lib/locales';

type HeaderUser = Pick<User, 'roles' | 'isPremium' | 'isModerated' | 'credits' | 'premiumEndAt'>;

export function formatDate(value: string | null, locale: string): string | null {
  if (!value) return null;
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) return null;
  return new Intl.DateTimeFormat(intlLocale(locale), { dateStyle: 'long' }).format(date);
}

/** Brand, then the premium badge or the credit chip, then the moderation chip. */
export function SidebarHeader({ user }: { user: HeaderUser }) {
  const { t, i18n } = useTranslation();
  // Planners and venue owners both unlock requests with credits.
  const isProvider = hasRole(user, 'ROLE_PRESTATAIRE') || hasRole(user, 'ROLE_VENUE');
  const until = formatDate(user.premiumEndAt, i18n.language);

  return (
    <Box sx={{ px: 2, pt: 2, pb: 1.5, display: 'flex', flexDirection: 'column', gap: 1.5 }}>
      <BrandLogo />
      {isProvider && (
        <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 0.75 }}>
          {user.isPremium ? (
            <Tooltip describeChild title={until ? t('premium.until', { date: until }) : t('premium.active')}>
              <Chip
                icon={<WorkspacePremiumIcon />}
                label={t('premium.badge')}
                color="secondary"
                size="small"
                component={RouterLink}
                to="/subscription"
                clickable
                data-testid="premium-badge"
              />
            </Tooltip>
          ) : (
            <Chip
              icon={<TollIcon />}
              label={user.credits > 0 ? t('credits.chip', { count: user.credits }) : t('credits.none')}
              color={user.credits > 0 ? 'primary' : 'error'}
              variant={user.credits > 0 ? 'outlined' : 'filled'}
              size="small"
              // Before moderation the subscription is closed: the chip says
              // the balance without leading to an offer.
              {...(user.isModerated && { component: RouterLink, to: '/subscription', clickable: true })}
              data-testid="credit-chip"
            />
          )}
          {!user.isModerated && (
            <Chip
              icon={<HourglassTopIcon />}
              label={t('moderation.chip')}
              color="warning"
              size="small"
              data-testid="moderation-chip"
            />
          )}
        </Box>
      )}
    </Box>
  );
}
