import { zodResolver } from '@hookform/resolvers/zod';
import Visibility from '@mui/icons-material/Visibility';
import VisibilityOff from '@mui/icons-material/VisibilityOff';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CircularProgress from '@mui/material/CircularProgress';
import IconButton from '@mui/material/IconButton';
import InputAdornment from '@mui/material/InputAdornment';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { useEffect, useState, type ReactNode } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useSearchParams } from 'react-router';
import { z } from 'zod/mini';
import { useLogin } from '@/features/auth/hooks/use-login';
import { BrandLogo } from '@/components/ui/brand-logo';
import { TextInput } from '@/components/ui/text-input';
import { isApiError } from '@/lib/api-error';
import { takeLoginNotice } from '@/lib/auth/login-notice';

// Part 1 §5: a valid e-mail and a password longer than 3 characters, both trimmed.
const schema = z.object({
  email: z.pipe(z.string().check(z.trim()), z.email({ error: 'signin.errors.emailRequired' })),
  password: z.string().check(z.trim(), z.minLength(4, { error: 'validation.password_requirements' })),
});

type FormValues = z.input<typeof schema>;
type SubmitValues = z.output<typeof schema>;

const KNOWN_ERRORS: Record<string, string> = {
  session_expired: 'session.expired',
};

interface LoginPageProps {
  /** The language selector, supplied by the app. */
  languageMenu: ReactNode;
}

export function LoginPage({ languageMenu }: LoginPageProps) {
  const { t } = useTranslation();
  const [searchParams, setSearchParams] = useSearchParams();
  const [showPassword, setShowPassword] = useState(false);
  // The ?error= parameter (or a notice left by the API client) is shown once, then removed from the address.
  const [notice] = useState<string | null>(() => {
    const code = searchParams.get('error') ?? takeLoginNotice();
    if (!code) return null;
    return KNOWN_ERRORS[code] ?? 'errors.generic';
  });
  const login = useLogin();

  useEffect(() => {
    if (searchParams.has('error')) {
      const next = new URLSearchParams(searchParams);
      next.delete('error');
      setSearchParams(next, { replace: true });
    }
  }, [searchParams, setSearchParams]);

  const {
    register,
    handleSubmit,
    control,
    formState: { errors },
  } = useForm<FormValues, unknown, SubmitValues>({
    resolver: zodResolver(schema),
    mode: 'onTouched',
    reValidateMode: 'onChange',
    defaultValues: { email: '', password: '' },
  });

  // Submit stays disabled until both fields are valid (checked on every keystroke).
  const values = useWatch({ control });
  const canSubmit = schema.safeParse(values).success;

  const onSubmit = handleSubmit((values) => login.mutate(values));

  let error: string | null = null;
  if (login.isError) {
    const failure = login.error;
    if (isApiError(failure) && failure.status === 401) error = t('signin.errors.invalidCredentials');
    else if (isApiError(failure) && failure.code === 'timeout') error = t('errors.timeout');
    else if (isApiError(failure) && failure.status === 0) error = t('errors.network');
    else if (isApiError(failure) && failure.message) error = failure.message;
    else error = t('errors.generic');
  }

  return (
    <Box
      sx={{
        minHeight: '100dvh',
        display: 'flex',
        flexDirection: 'column',
        background: (theme) =>
          `radial-gradient(circle at 15% 10%, ${theme.palette.primary.main}14, transparent 45%), radial-gradient(circle at 85% 90%, ${theme.palette.secondary.main}14, transparent 40%), ${theme.palette.background.default}`,
      }}
    >
      <Box
        component="header"
        sx={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', px: { xs: 2, sm: 4 }, py: 2 }}
      >
        <BrandLogo />
        {languageMenu}
      </Box>
      <Box component="main" sx={{ flexGrow: 1, display: 'grid', placeItems: 'center', px: 2, py: 4 }}>
        <Card sx={{ width: '100%', maxWidth: 440, p: { xs: 3, sm: 5 }, boxShadow: '0 8px 32px rgba(51, 16, 30, 0.08)' }}>
          <Typography variant="h1" sx={{ mb: 1 }}>
            {t('signin.title')}
          </Typography>
          <Typography color="text.secondary" sx={{ mb: 3 }}>
            {t('signin.subtitle')}
          </Typography>
          {notice && !error && (
            <Alert severity="warning" sx={{ mb: 2 }} data-testid="login-notice">
              {t(notice)}
            </Alert>
          )}
          {error && (
            <Alert severity="error" sx={{ mb: 2 }} data-testid="login-error">
              {error}
            </Alert>
          )}
          <Box component="form" noValidate onSubmit={onSubmit} sx={{ display: 'flex', flexDirection: 'column', gap: 2 }}>
            <TextInput
              {...register('email')}
              label={t('signin.email')}
              type="email"
              autoComplete="username"
              required
              fullWidth
              autoFocus
              error={Boolean(errors.email)}
              helperText={errors.email?.message ? t(errors.email.message) : undefined}
            />
            <TextInput
              {...register('password')}
              label={t('signin.password')}
              type={showPassword ? 'text' : 'password'}
              autoComplete="current-password"
              required
              fullWidth
              error={Boolean(errors.password)}
              helperText={errors.password?.message ? t(errors.password.message) : undefined}
              endAdornment={
                <InputAdornment position="end">
                  <IconButton
                    aria-label={showPassword ? t('signin.hidePassword') : t('signin.showPassword')}
                    onClick={() => setShowPassword((value) => !value)}
                    edge="end"
                  >
                    {showPassword ? <VisibilityOff /> : <Visibility />}
                  </IconButton>
                </InputAdornment>
              }
            />
            <Button
              type="submit"
              variant="contained"
              size="large"
              fullWidth
              disabled={!canSubmit || login.isPending}
              startIcon={login.isPending ? <CircularProgress size={18} color="inherit" aria-hidden="true" /> : undefined}
            >
              {t('signin.submit')}
            </Button>
          </Box>
          <Typography variant="body2" color="text.secondary" sx={{ mt: 3, textAlign: 'center' }}>
            {t('signin.noAccount')}{' '}
            <Link component={RouterLink} to="/register" sx={{ fontWeight: 600 }}>
              {t('signin.register')}
            </Link>
          </Typography>
        </Card>
      </Box>
      <Box component="footer" sx={{ py: 2, textAlign: 'center' }}>
        <Typography variant="body2" color="text.secondary">
          {t('shell.copyright', { year: new Date().getFullYear() })}
        </Typography>
      </Box>
    </Box>
  );
}
