import { zodResolver } from '@hookform/resolvers/zod';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CircularProgress from '@mui/material/CircularProgress';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { useId } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { useResetPassword } from '@/features/auth/api/reset-password';
import { PasswordInput } from '@/components/ui/password-input';
import { PasswordStrengthMeter } from '@/components/ui/password-strength-meter';
import { describeError } from '@/lib/api-error';
import { applyFieldErrors, hasFieldErrors } from '@/lib/form-errors';
import { resetPasswordSchema, type ResetPasswordValues } from '@/lib/validation/password-forms';

const PASSWORD_FIELDS = ['newPassword', 'confirmPassword'] as const;

/** /forgot-password-reset/{token}: choose a new password; success replaces the form. */
export function ResetPasswordPage({ token }: { token: string }) {
  const { t, i18n } = useTranslation();
  const strengthId = useId();
  const reset = useResetPassword();
  const {
    register,
    control,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm<ResetPasswordValues>({
    resolver: zodResolver(resetPasswordSchema),
    // Messages appear on submit, then follow each keystroke: none pops up on blur and moves the form mid-click.
    mode: 'onSubmit',
    reValidateMode: 'onChange',
    defaultValues: { newPassword: '', confirmPassword: '' },
  });
  const password = useWatch({ control, name: 'newPassword' }) ?? '';

  const onSubmit = handleSubmit((values) =>
    reset.mutate({ token, newPassword: values.newPassword, confirmPassword: values.confirmPassword }, {
      onError: (failure) => {
        applyFieldErrors(failure, setError, { targets: PASSWORD_FIELDS, i18n, fallbackKey: 'resetPassword.error' });
      },
    }),
  );

  const fieldFailure = hasFieldErrors(reset.error, PASSWORD_FIELDS);
  const failure = reset.isError && !fieldFailure ? describeError(reset.error, t, 'resetPassword.error') : null;

  return (
    <Card sx={{ width: '100%', maxWidth: 480, mx: 'auto', p: { xs: 3, sm: 5 }, boxShadow: '0 8px 32px rgba(51, 16, 30, 0.08)' }}>
      <Typography variant="h1" sx={{ mb: 1 }}>
        {t('resetPassword.title')}
      </Typography>
      {reset.isSuccess ? (
        <>
          <Alert severity="success" sx={{ my: 3 }} data-testid="reset-success">
            <AlertTitle>{t('resetPassword.successTitle')}</AlertTitle>
            {reset.data.message || t('resetPassword.success')}
          </Alert>
          <Button component={RouterLink} to="/login" variant="contained" size="large" fullWidth>
            {t('resetPassword.toLogin')}
          </Button>
        </>
      ) : (
        <>
          <Typography color="text.secondary" sx={{ mb: 3 }}>
            {t('resetPassword.subtitle')}
          </Typography>
          {failure && (
            <Alert severity="error" sx={{ mb: 2 }} data-testid="reset-error">
              {failure}
            </Alert>
          )}
          <Box component="form" noValidate onSubmit={onSubmit} sx={{ display: 'flex', flexDirection: 'column', gap: 2 }}>
            <PasswordInput
              {...register('newPassword')}
              label={t('resetPassword.newPassword')}
              autoComplete="new-password"
              required
              fullWidth
              autoFocus
              error={Boolean(errors.newPassword)}
              helperText={errors.newPassword?.message ? t(errors.newPassword.message) : undefined}
              aria-describedby={strengthId}
            />
            <PasswordStrengthMeter password={password} id={strengthId} />
            <PasswordInput
              {...register('confirmPassword')}
              label={t('resetPassword.confirmPassword')}
              autoComplete="new-password"
              required
              fullWidth
              error={Boolean(errors.confirmPassword)}
              helperText={errors.confirmPassword?.message ? t(errors.confirmPassword.message) : undefined}
            />
            <Button
              type="submit"
              variant="contained"
              size="large"
              fullWidth
              disabled={reset.isPending}
              startIcon={reset.isPending ? <CircularProgress size={18} color="inherit" aria-hidden="true" /> : undefined}
            >
              {t('resetPassword.submit')}
            </Button>
          </Box>
          <Typography variant="body2" sx={{ mt: 3, textAlign: 'center' }}>
            <Link component={RouterLink} to="/login" sx={{ fontWeight: 600 }}>
              {t('resetPassword.backToLogin')}
            </Link>
          </Typography>
        </>
      )}
    </Card>
  );
}
