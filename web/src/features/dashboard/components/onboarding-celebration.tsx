import CelebrationOutlinedIcon from '@mui/icons-material/CelebrationOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Typography from '@mui/material/Typography';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { launchConfetti } from '@/features/dashboard/confetti';

/** Part 1 §2: arriving from onboarding, confetti (unless the user asked for less motion) and the welcome credit. */
export function OnboardingCelebration({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation();
  useEffect(() => {
    // Read once, on arrival (the shared hook would split a chunk off the sign-in page).
    if (typeof window.matchMedia === 'function' && window.matchMedia('(prefers-reduced-motion: reduce)').matches) return;
    return launchConfetti();
  }, []);

  return (
    <Dialog open onClose={onClose} aria-labelledby="celebration-title" aria-describedby="celebration-text" maxWidth="xs" fullWidth data-testid="onboarding-celebration">
      <Box sx={{ display: 'flex', justifyContent: 'center', pt: 3 }}>
        <Box sx={{ width: 64, height: 64, borderRadius: '50%', display: 'grid', placeItems: 'center', bgcolor: 'primary.main', color: 'primary.contrastText' }}>
          <CelebrationOutlinedIcon sx={{ fontSize: 36 }} aria-hidden="true" />
        </Box>
      </Box>
      <DialogTitle id="celebration-title" sx={{ textAlign: 'center', pb: 1 }}>
        {t('dashboard.celebration.title')}
      </DialogTitle>
      <DialogContent sx={{ textAlign: 'center' }}>
        <Typography id="celebration-text" sx={{ mb: 1.5 }}>
          {t('dashboard.celebration.text')}
        </Typography>
        <Typography variant="body2" color="text.secondary">
          {t('dashboard.celebration.next')}
        </Typography>
      </DialogContent>
      <DialogActions sx={{ justifyContent: 'center', pb: 3 }}>
        <Button variant="contained" onClick={onClose} autoFocus>
          {t('dashboard.celebration.close')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
