import CheckCircleOutlineIcon from '@mui/icons-material/CheckCircleOutlineRounded';
import StarIcon from '@mui/icons-material/Star';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { BENEFITS, REVIEW_RATING } from '@/features/auth/components/marketing-content';
import { ProfileCarousel } from '@/features/auth/components/profile-carousel';
import { intlLocale } from '@/lib/locales';

/** Benefits, a review teaser and the profile carousel, beside the sign-in and registration forms. */
export function MarketingPanel() {
  const { t, i18n } = useTranslation();
  const titleId = useId();
  const rating = new Intl.NumberFormat(intlLocale(i18n.language), { maximumFractionDigits: 1 }).format(REVIEW_RATING);
  return (
    <Box
      component="aside"
      aria-labelledby={titleId}
      data-testid="marketing-panel"
      sx={{
        gridArea: 'aside',
        color: '#ffffff',
        background: (theme) =>
          `linear-gradient(160deg, ${theme.palette.primary.main} 0%, ${theme.palette.primary.dark} 100%)`,
        px: { xs: 2.5, sm: 4, md: 6, lg: 8 },
        py: { xs: 4, md: 6 },
        display: 'flex',
        flexDirection: 'column',
        justifyContent: 'center',
      }}
    >
      <Box sx={{ maxWidth: 560, mx: 'auto', width: '100%', display: 'flex', flexDirection: 'column', gap: { xs: 3, md: 4 } }}>
        <Box>
          <Typography id={titleId} component="h2" variant="h2" sx={{ color: 'inherit', fontSize: { xs: '1.375rem', md: '1.75rem' }, mb: 1 }}>
            {t('marketing.title')}
          </Typography>
          <Typography sx={{ color: 'inherit', opacity: 0.92 }}>{t('marketing.subtitle')}</Typography>
        </Box>
        <Box component="ul" sx={{ listStyle: 'none', p: 0, m: 0, display: 'flex', flexDirection: 'column', gap: 1.5 }}>
          {BENEFITS.map((benefit) => (
            <Box component="li" key={benefit.id} sx={{ display: 'flex', gap: 1.5, alignItems: 'flex-start' }}>
              <CheckCircleOutlineIcon sx={{ color: '#f4e3c1', mt: '1px' }} aria-hidden="true" />
              <Typography sx={{ color: 'inherit' }}>{t(benefit.labelKey)}</Typography>
            </Box>
          ))}
        </Box>
        <Box
          component="figure"
          sx={{ m: 0, p: 2.5, borderRadius: 2, bgcolor: 'rgba(255, 255, 255, 0.1)', border: '1px solid rgba(255, 255, 255, 0.2)' }}
          data-testid="review-teaser"
        >
          <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, mb: 1 }}>
            <Box sx={{ display: 'flex', color: '#f4e3c1' }} aria-hidden="true">
              {[0, 1, 2, 3, 4].map((star) => (
                <StarIcon key={star} fontSize="small" />
              ))}
            </Box>
            <Typography variant="body2" sx={{ color: 'inherit', fontWeight: 600 }}>
              {t('marketing.review.rating', { rating })}
            </Typography>
          </Box>
          <Typography component="blockquote" sx={{ color: 'inherit', m: 0, fontStyle: 'italic' }}>
            {t('marketing.review.quote')}
          </Typography>
          <Typography component="figcaption" variant="body2" sx={{ color: 'inherit', mt: 1, opacity: 0.92 }}>
            — {t('marketing.review.author')}
          </Typography>
        </Box>
        <ProfileCarousel />
      </Box>
    </Box>
  );
}
