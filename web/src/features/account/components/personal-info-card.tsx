import { zodResolver } from '@hookform/resolvers/zod';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useUpdatePersonalInfo } from '@/features/account/api/update-personal-info';
import { SectionCard } from '@/components/ui/section-card';
import { useNotify } from '@/components/ui/snackbar-provider';
import { TextInput } from '@/components/ui/text-input';
import type { User } from '@/lib/auth/user';
import { applyFieldErrors } from '@/lib/form-errors';
import { personalInfoSchema, type PersonalInfoValues } from '@/lib/validation/account-forms';

/** First and last names (part 1 §5): Save stays disabled while a field has an error. */
export function PersonalInfoCard({ user }: { user: User }) {
  const { t, i18n } = useTranslation();
  const notify = useNotify();
  const {
    register,
    handleSubmit,
    setError,
    reset,
    formState: { errors, isValid, isDirty },
  } = useForm<PersonalInfoValues>({
    resolver: zodResolver(personalInfoSchema),
    mode: 'onChange',
    defaultValues: { firstname: user.firstname, lastname: user.lastname },
  });

  const save = useUpdatePersonalInfo({
    onSuccess: (updated) => {
      reset({ firstname: updated.firstname, lastname: updated.lastname });
      notify(t('account.personalInfo.saved'));
    },
    onError: (failure) => {
      if (applyFieldErrors(failure, setError, { targets: ['firstname', 'lastname'], i18n, fallbackKey: 'account.personalInfo.error' }).placed) return;
      notify(t('account.personalInfo.error'), 'error');
    },
  });

  const hasErrors = Object.keys(errors).length > 0;

  return (
    <SectionCard title={t('account.personalInfo.title')} data-testid="personal-info-card">
      <Box
        component="form"
        noValidate
        onSubmit={handleSubmit((values) => save.mutate({ firstname: values.firstname.trim(), lastname: values.lastname.trim() }))}
        sx={{ display: 'flex', flexDirection: 'column', gap: 2 }}
      >
        <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' }, gap: 2 }}>
          <TextInput
            {...register('firstname')}
            label={t('account.personalInfo.firstname')}
            autoComplete="given-name"
            required
            fullWidth
            error={Boolean(errors.firstname)}
            helperText={errors.firstname?.message ? t(errors.firstname.message) : undefined}
          />
          <TextInput
            {...register('lastname')}
            label={t('account.personalInfo.lastname')}
            autoComplete="family-name"
            required
            fullWidth
            error={Boolean(errors.lastname)}
            helperText={errors.lastname?.message ? t(errors.lastname.message) : undefined}
          />
        </Box>
        <Box>
          <Button
            type="submit"
            variant="contained"
            disabled={hasErrors || !isValid || !isDirty || save.isPending}
            startIcon={save.isPending ? <CircularProgress size={16} color="inherit" aria-hidden="true" /> : undefined}
          >
            {t('common.save')}
          </Button>
        </Box>
      </Box>
    </SectionCard>
  );
}
