import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { DeleteAccountCard } from '@/features/account/components/delete-account-card';
import { ExportCard } from '@/features/account/components/export-card';
import { EmailCard } from '@/features/account/components/email-card';
import { LanguageCard } from '@/features/account/components/language-card';
import { PersonalInfoCard } from '@/features/account/components/personal-info-card';
import { PhoneCard } from '@/features/account/components/phone-card';
import { useCurrentUser } from '@/lib/auth/session';
import { hasRole } from '@/lib/auth/user';

/** /account: personal information, phone, sign-in e-mail, language, exporting the data, closing the account. */
export function AccountPage() {
  const { t } = useTranslation();
  const user = useCurrentUser();
  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', gap: 3 }}>
      <Box>
        <Typography variant="h1" sx={{ mb: 1 }}>
          {t('account.title')}
        </Typography>
        <Typography color="text.secondary">{t('account.subtitle')}</Typography>
      </Box>
      <Box sx={{ display: 'grid', gridTemplateColumns: { xs: 'minmax(0, 1fr)', lg: 'minmax(0, 1fr) minmax(0, 1fr)' }, gap: 3, alignItems: 'start' }}>
        <Box sx={{ display: 'flex', flexDirection: 'column', gap: 3 }}>
          <PersonalInfoCard key={`${user.firstname}|${user.lastname}`} user={user} />
          <LanguageCard />
        </Box>
        <Box sx={{ display: 'flex', flexDirection: 'column', gap: 3 }}>
          <PhoneCard user={user} />
          <EmailCard key={user.email} user={user} />
          {!hasRole(user, 'ROLE_ADMIN') && <ExportCard />}
          <DeleteAccountCard />
        </Box>
      </Box>
    </Box>
  );
}
