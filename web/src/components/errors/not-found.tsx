import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { BrandLogo } from '@/components/ui/brand-logo';

/** "Page not found" with a link back home. */
export function NotFound() {
  const { t } = useTranslation();
  return (
    <Box
      component="main"
      sx={{ minHeight: '100dvh', display: 'grid', placeItems: 'center', px: 2, bgcolor: 'background.default' }}
    >
      <Box sx={{ textAlign: 'center', maxWidth: 480 }}>
        <Box sx={{ display: 'flex', justifyContent: 'center', mb: 4 }}>
          <BrandLogo />
        </Box>
        <Typography sx={{ fontSize: '4rem', fontWeight: 700, color: 'primary.main', lineHeight: 1 }} aria-hidden="true">
          404
        </Typography>
        <Typography variant="h1" sx={{ mt: 2, mb: 1 }}>
          {t('notFound.title')}
        </Typography>
        <Typography color="text.secondary" sx={{ mb: 3 }}>
          {t('notFound.message')}
        </Typography>
        <Button variant="contained" component={RouterLink} to="/">
          {t('notFound.home')}
        </Button>
      </Box>
    </Box>
  );
}
