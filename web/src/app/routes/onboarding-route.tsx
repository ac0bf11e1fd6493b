import LogoutIcon from '@mui/icons-material/Logout';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import { useTheme } from '@mui/material/styles';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { StandalonePage } from '@/app/routes/standalone-page';
import { OnboardingWizard } from '@/features/company/components/onboarding-wizard';
import { visuallyHidden } from '@/components/ui/visually-hidden';
import { useLogout } from '@/lib/auth/session';

/** /onboarding: the three-step wizard, outside the shell, with the logo, the language menu and a way out. */
export function Component() {
  const { t } = useTranslation();
  const logout = useLogout();
  const navigate = useNavigate();
  const theme = useTheme();
  return (
    <StandalonePage
      actions={
        <Button
          size="small"
          startIcon={<LogoutIcon />}
          sx={{ whiteSpace: 'nowrap', minWidth: 0, '& .MuiButton-startIcon': { mx: { xs: 0, sm: 1 } } }}
          onClick={async () => {
            await logout();
            void navigate('/login', { replace: true });
          }}
        >
          {/* Icon only on phones; the text stays for screen readers. */}
          <Box component="span" sx={{ [theme.breakpoints.down('sm')]: visuallyHidden }}>
            {t('menu.logout')}
          </Box>
        </Button>
      }
    >
      <OnboardingWizard />
    </StandalonePage>
  );
}
