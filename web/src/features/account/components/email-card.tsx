import { zodResolver } from '@hookform/resolvers/zod';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import { useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useChangeEmail } from '@/features/account/api/change-email';
import { SectionCard } from '@/components/ui/section-card';
import { useNotify } from '@/components/ui/snackbar-provider';
import { TextInput } from '@/components/ui/text-input';
import { describeError, isApiError } from '@/lib/api-error';
import type { User } from '@/lib/auth/user';
import { applyFieldErrors } from '@/lib/form-errors';
import { emailSchema, type EmailValues } from '@/lib/validation/account-forms';

/**
 * The sign-in address. The server renews the session: the new token and
 * refresh token are stored; an answer without them is an error.
 */
export function EmailCard({ user }: { user: User }) {
  const { t, i18n } = useTranslation();
  const notify = useNotify();
  const {
    register,
    control,
    handleSubmit,
    setError,
    reset,
    formState: { errors, isValid },
  } = useForm<EmailValues>({
    resolver: zodResolver(emailSchema),
    mode: 'onChange',
    defaultValues: { email: user.email },
  });
  const email = useWatch({ control, name: 'email' }) ?? '';
  const unchanged = email.trim().toLowerCase() === user.email.toLowerCase();

  const save = useChangeEmail({
    onSuccess: ({ address }) => {
      reset({ email: address });
      notify(t('account.email.saved'));
    },
    onError: (failure) => {
      if (isApiError(failure) && failure.code === 'account.email.errors.noToken') {
        notify(t('account.email.errors.noToken'), 'error');
        return;
      }
      if (isApiError(failure) && failure.status === 409) {
        setError('email', { type: 'server', message: 'register.errors.email_already_used' }, { shouldFocus: true });
        return;
      }
      if (applyFieldErrors(failure, setError, { targets: ['email'], i18n, fallbackKey: 'account.email.errors.generic', shouldFocus: true }).placed) return;
      notify(describeError(failure, t, 'account.email.errors.generic'), 'error');
    },
  });

  return (
    <SectionCard title={t('account.email.title')} description={t('account.email.description')} data-testid="email-card">
      <Box
        component="form"
        noValidate
        onSubmit={handleSubmit((values) => save.mutate(values.email))}
        sx={{ display: 'flex', flexDirection: 'column', gap: 2 }}
      >
        <TextInput
          {...register('email')}
          label={t('account.email.label')}
          type="email"
          autoComplete="email"
          required
          fullWidth
          error={Boolean(errors.email)}
          helperText={errors.email?.message ? t(errors.email.message) : undefined}
        />
        <Box>
          <Button
            type="submit"
            variant="contained"
            disabled={!isValid || unchanged || save.isPending}
            startIcon={save.isPending ? <CircularProgress size={16} color="inherit" aria-hidden="true" /> : undefined}
          >
            {t('account.email.submit')}
          </Button>
        </Box>
      </Box>
    </SectionCard>
  );
}
