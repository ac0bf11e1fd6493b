import TrendingUpRoundedIcon from '@mui/icons-material/TrendingUpRounded';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Typography from '@mui/material/Typography';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { CopyButton } from '@/components/ui/copy-button';
import { badgePath, badgeTarget, BADGE_SIZES, BADGE_THEMES, BADGE_WIDTHS, embedCode, type BadgeSize, type BadgeTarget, type BadgeTheme } from '@/features/badge/embed-code';
import { isSiretReason } from '@/lib/auth/user';
import { useCurrentUser } from '@/lib/auth/session';
import { intlLocale } from '@/lib/locales';

/** The share of the best-ranked providers who show the badge (part 2 §1). */
const CLAIM_PERCENT = 0.87;

/** /integrate-badge (part 2 §2, §7): the four badges, previewed live, each with its embed code. */
export function BadgePage() {
  const { t, i18n } = useTranslation();
  const user = useCurrentUser();
  const target = badgeTarget(user.publicUrl);
  const reason = user.publicProfileHidden ?? 'unavailable';
  const percent = new Intl.NumberFormat(intlLocale(i18n.language), { style: 'percent' }).format(CLAIM_PERCENT);

  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', gap: 3, maxWidth: 1100 }}>
      <Box>
        <Typography variant="h1" sx={{ mb: 1 }}>
          {t('badge.title')}
        </Typography>
        <Typography color="text.secondary">{t('badge.subtitle')}</Typography>
      </Box>
      <Alert severity="success" icon={<TrendingUpRoundedIcon />} data-testid="badge-claim">
        <AlertTitle>{t('badge.claim.title', { percent })}</AlertTitle>
        {t('badge.claim.text')}
      </Alert>
      {target ? (
        <>
          <Typography color="text.secondary">{t('badge.howTo')}</Typography>
          <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', md: 'repeat(2, minmax(0, 1fr))' } }}>
            {BADGE_THEMES.flatMap((theme) => BADGE_SIZES.map((size) => <BadgeCard key={`${theme}-${size}`} target={target} theme={theme} size={size} />))}
          </Box>
          <Typography variant="body2" color="text.secondary">
            {t('badge.ratingNote')}
          </Typography>
        </>
      ) : (
        <Alert
          severity="warning"
          data-testid="badge-hidden"
          action={
            isSiretReason(user.publicProfileHidden) ? (
              <Button component={RouterLink} to="/company/details" color="inherit" size="small">
                {t('badge.hidden.fix')}
              </Button>
            ) : undefined
          }
        >
          <AlertTitle>{t('badge.hidden.title')}</AlertTitle>
          {t(`gates.publicProfile.${reason}`)} {t('badge.hidden.text')}
        </Alert>
      )}
    </Box>
  );
}

function BadgeCard({ target, theme, size }: { target: BadgeTarget; theme: BadgeTheme; size: BadgeSize }) {
  const { t } = useTranslation();
  const codeId = useId();
  const name = t(`badge.variant.${theme}.${size}`);
  const code = embedCode(target, theme, size, t('badge.alt'));
  return (
    <Card component="section" aria-label={name} data-testid={`badge-${theme}-${size}`} sx={{ minWidth: 0 }}>
      <CardContent sx={{ display: 'flex', flexDirection: 'column', gap: 1.5, p: { xs: 2, sm: 3 } }}>
        <Typography variant="h2" sx={{ fontSize: '1.1rem' }}>
          {name}
        </Typography>
        <Box
          sx={{
            display: 'flex',
            alignItems: 'center',
            justifyContent: 'center',
            minHeight: 170,
            p: 2,
            borderRadius: 1,
            // Each badge on the kind of page it is made for.
            bgcolor: theme === 'white' ? '#f4efec' : '#ffffff',
            border: 1,
            borderColor: 'divider',
          }}
        >
          <Box component="img" src={badgePath(target.slug, theme, size)} alt={t('badge.previewAlt', { name })} width={BADGE_WIDTHS[size]} sx={{ maxWidth: '100%', height: 'auto' }} />
        </Box>
        <Typography component="label" htmlFor={codeId} variant="subtitle2">
          {t('badge.codeLabel')}
        </Typography>
        <Box
          component="textarea"
          id={codeId}
          readOnly
          value={code}
          rows={5}
          onFocus={(e) => e.currentTarget.select()}
          sx={{
            width: '100%',
            resize: 'vertical',
            fontFamily: 'ui-monospace, SFMono-Regular, Menlo, Consolas, monospace',
            fontSize: '0.8rem',
            p: 1.5,
            borderRadius: 1,
            border: 1,
            borderColor: 'divider',
            bgcolor: 'action.hover',
            color: 'text.primary',
            boxSizing: 'border-box',
          }}
        />
        <CopyButton text={code} label={t('badge.copy')} copiedMessage={t('badge.copied')} sx={{ alignSelf: 'flex-start' }} />
      </CardContent>
    </Card>
  );
}
