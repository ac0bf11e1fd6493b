import { zodResolver } from '@hookform/resolvers/zod';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Typography from '@mui/material/Typography';
import { useId } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useChangePassword } from '@/features/security/api/change-password';
import { PasswordInput } from '@/components/ui/password-input';
import { PasswordStrengthMeter } from '@/components/ui/password-strength-meter';
import { SectionCard } from '@/components/ui/section-card';
import { useNotify } from '@/components/ui/snackbar-provider';
import { describeError } from '@/lib/api-error';
import { applyFieldErrors, hasFieldErrors } from '@/lib/form-errors';
import { changePasswordSchema, type ChangePasswordValues } from '@/lib/validation/password-forms';

/** The fields whose refusal the server explains beside them. */
const SERVER_FIELDS = ['currentPassword', 'newPassword'] as const;

/** /security: password change with the strength indicator (part 1 §5). */
export function SecurityPage() {
  const { t, i18n } = useTranslation();
  const notify = useNotify();
  const strengthId = useId();
  const {
    register,
    control,
    handleSubmit,
    setError,
    reset,
    formState: { errors },
  } = useForm<ChangePasswordValues>({
    resolver: zodResolver(changePasswordSchema),
    mode: 'onTouched',
    reValidateMode: 'onChange',
    defaultValues: { currentPassword: '', newPassword: '', confirmPassword: '' },
  });
  const newPassword = useWatch({ control, name: 'newPassword' }) ?? '';
  const values = useWatch({ control });
  const complete = changePasswordSchema.safeParse(values).success;

  const save = useChangePassword({
    onSuccess: (reply) => {
      reset();
      notify(reply.message || t('security.success'));
    },
    onError: (failure) => {
      applyFieldErrors(failure, setError, { targets: SERVER_FIELDS, i18n, fallbackKey: 'security.errors.generic', shouldFocus: true });
    },
  });

  const fieldFailure = hasFieldErrors(save.error, SERVER_FIELDS);

  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', gap: 3 }}>
      <Box>
        <Typography variant="h1" sx={{ mb: 1 }}>
          {t('security.title')}
        </Typography>
        <Typography color="text.secondary">{t('security.subtitle')}</Typography>
      </Box>
      <Box sx={{ maxWidth: 640 }}>
        <SectionCard title={t('security.changePassword')} description={t('security.policy')} data-testid="password-card">
          {save.isError && !fieldFailure && (
            <Alert severity="error" sx={{ mb: 2 }} data-testid="security-error">
              {describeError(save.error, t, 'security.errors.generic')}
            </Alert>
          )}
          <Box
            component="form"
            noValidate
            onSubmit={handleSubmit((form) => save.mutate({ currentPassword: form.currentPassword, newPassword: form.newPassword.trim() }))}
            sx={{ display: 'flex', flexDirection: 'column', gap: 2 }}
          >
            <PasswordInput
              {...register('currentPassword')}
              label={t('security.currentPassword')}
              autoComplete="current-password"
              required
              fullWidth
              error={Boolean(errors.currentPassword)}
              helperText={errors.currentPassword?.message ? t(errors.currentPassword.message) : undefined}
            />
            <PasswordInput
              {...register('newPassword')}
              label={t('security.newPassword')}
              autoComplete="new-password"
              required
              fullWidth
              error={Boolean(errors.newPassword)}
              helperText={errors.newPassword?.message ? t(errors.newPassword.message) : undefined}
              aria-describedby={strengthId}
            />
            <PasswordStrengthMeter password={newPassword} id={strengthId} />
            <PasswordInput
              {...register('confirmPassword')}
              label={t('security.confirmPassword')}
              autoComplete="new-password"
              required
              fullWidth
              error={Boolean(errors.confirmPassword)}
              helperText={errors.confirmPassword?.message ? t(errors.confirmPassword.message) : undefined}
            />
            <Box>
              <Button
                type="submit"
                variant="contained"
                size="large"
                disabled={!complete || save.isPending || Boolean(errors.currentPassword)}
                startIcon={save.isPending ? <CircularProgress size={18} color="inherit" aria-hidden="true" /> : undefined}
              >
                {t('security.submit')}
              </Button>
            </Box>
          </Box>
        </SectionCard>
      </Box>
    </Box>
  );
}
