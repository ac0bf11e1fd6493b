import RefreshIcon from '@mui/icons-material/Refresh';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { BrandLogo } from '@/components/ui/brand-logo';

/** The global crash screen of part 1 §2: a title, a short text, a refresh button. */
export function CrashScreen() {
  const { t } = useTranslation();
  return (
    <Box
      component="main"
      sx={{ minHeight: '100dvh', display: 'grid', placeItems: 'center', px: 2, bgcolor: 'background.default' }}
    >
      <Paper variant="outlined" sx={{ p: { xs: 3, sm: 5 }, maxWidth: 520, width: '100%', textAlign: 'center' }}>
        <Box sx={{ display: 'flex', justifyContent: 'center', mb: 3 }}>
          <BrandLogo />
        </Box>
        <Typography variant="h1" gutterBottom>
          {t('crash.title')}
        </Typography>
        <Typography color="text.secondary" sx={{ mb: 3 }}>
          {t('crash.message')}
        </Typography>
        <Button variant="contained" startIcon={<RefreshIcon />} onClick={() => window.location.reload()}>
          {t('crash.refresh')}
        </Button>
      </Paper>
    </Box>
  );
}
