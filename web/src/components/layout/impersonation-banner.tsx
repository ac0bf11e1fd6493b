import SupervisorAccountIcon from '@mui/icons-material/SupervisorAccount';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import { useTranslation } from 'react-i18next';
import type { User } from '@/lib/auth/user';

interface ImpersonationBannerProps {
  user: Pick<User, 'fullName' | 'firstname' | 'lastname' | 'email'>;
  onStop: () => void;
}

/** Always in view while an admin acts as someone else: whose account this is, and the way back. */
export function ImpersonationBanner({ user, onStop }: ImpersonationBannerProps) {
  const { t } = useTranslation();
  const name = user.fullName || `${user.firstname} ${user.lastname}`.trim() || user.email;
  return (
    <Alert
      severity="warning"
      variant="filled"
      icon={<SupervisorAccountIcon />}
      role="status"
      data-testid="impersonation-banner"
      sx={{
        borderRadius: 0,
        alignItems: 'center',
        flexWrap: { xs: 'wrap', sm: 'nowrap' },
        bgcolor: 'warning.dark',
        // On phones the text takes the whole line and the button goes below it.
        '& .MuiAlert-message': {
          py: 0.5,
          overflow: 'visible',
          minWidth: 0,
          flex: { xs: '1 1 calc(100% - 40px)', sm: '1 1 0' },
          overflowWrap: 'break-word',
        },
        '& .MuiAlert-action': {
          ml: 'auto',
          mr: 0,
          pl: { xs: 0, sm: 1 },
          pt: { xs: 0, sm: 0.5 },
          pb: { xs: 0.5, sm: 0 },
          width: { xs: '100%', sm: 'auto' },
          justifyContent: 'flex-end',
        },
      }}
      action={
        <Button color="inherit" variant="outlined" size="small" onClick={onStop} sx={{ whiteSpace: 'nowrap' }}>
          {t('menu.stopImpersonation')}
        </Button>
      }
    >
      {t('impersonation.banner', { name, email: user.email })}
    </Alert>
  );
}
