import { zodResolver } from '@hookform/resolvers/zod';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import Checkbox from '@mui/material/Checkbox';
import CircularProgress from '@mui/material/CircularProgress';
import FormControlLabel from '@mui/material/FormControlLabel';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { lazy, Suspense, useCallback, useEffect, useState, type ReactNode } from 'react';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useSearchParams } from 'react-router';
import { z } from 'zod/mini';
import { AuthLayout } from '@/features/auth/components/auth-layout';
import { useLogin } from '@/features/auth/hooks/use-login';
import { PasswordInput } from '@/components/ui/password-input';
import { TextInput } from '@/components/ui/text-input';
import { describeError, isApiError } from '@/lib/api-error';
import { clearLoginNotice, peekLoginNotice, subscribeLoginNotice } from '@/lib/auth/login-notice';

// Part 1 §5: a valid e-mail and a password longer than 3 characters, both trimmed.
const schema = z.object({
  email: z.pipe(z.string().check(z.trim()), z.email({ error: 'signin.errors.emailRequired' })),
  password: z.string().check(z.trim(), z.minLength(4, { error: 'validation.password_requirements' })),
  remember: z.boolean(),
});

type FormValues = z.input<typeof schema>;
type SubmitValues = z.output<typeof schema>;

type NoticeSeverity = 'warning' | 'success' | 'error';

/** Codes the address (?error=) or the app may leave for the login page, and how they are shown. */
const KNOWN_NOTICES: Record<string, { key: string; severity: NoticeSeverity }> = {
  session_expired: { key: 'session.expired', severity: 'warning' },
  account_deleted: { key: 'account.delete.done', severity: 'success' },
};

const loadResetDialog = () => import('@/features/auth/components/reset-request-dialog');
const ResetRequestDialog = lazy(() => loadResetDialog().then((module) => ({ default: module.ResetRequestDialog })));

interface LoginPageProps {
  /** The language selector, supplied by the app. */
  languageMenu: ReactNode;
}

export function LoginPage({ languageMenu }: LoginPageProps) {
  const { t, i18n } = useTranslation();
  const [searchParams, setSearchParams] = useSearchParams();
  // The ?error= parameter (or a notice left by the app) is shown once, then removed from the address.
  // Only dictionary texts are shown: a code the dictionary lacks reads as the generic error.
  const noticeFor = (code: string | null): { key: string; severity: NoticeSeverity } | null => {
    if (!code) return null;
    if (KNOWN_NOTICES[code]) return KNOWN_NOTICES[code];
    return { key: /^[a-zA-Z][\w.]*$/.test(code) && i18n.exists(code) ? code : 'errors.generic', severity: 'error' };
  };
  const [notice, setNotice] = useState<{ key: string; severity: NoticeSeverity } | null>(() =>
    noticeFor(searchParams.get('error') ?? peekLoginNotice()),
  );
  const [resetOpen, setResetOpen] = useState(false);
  const [resetDialogLoaded, setResetDialogLoaded] = useState(false);
  const [resetSent, setResetSent] = useState<string | null>(null);
  const login = useLogin();

  useEffect(() => {
    const show = () => {
      const pending = peekLoginNotice();
      if (!pending) return;
      setNotice(noticeFor(pending));
      clearLoginNotice();
    };
    const unsubscribe = subscribeLoginNotice(show);
    // A notice set after the first render but before this subscription (the
    // session ended while the page was being shown) must not be lost.
    show();
    return unsubscribe;
    // noticeFor only reads the dictionary; subscribing once is enough.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

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
    defaultValues: { email: '', password: '', remember: true },
  });

  // Submit stays disabled until both fields are valid (checked on every keystroke).
  const values = useWatch({ control });
  const canSubmit = schema.safeParse(values).success;

  const onSubmit = handleSubmit((values) => login.mutate(values));

  let error: string | null = null;
  if (login.isError) {
    const failure = login.error;
    error = isApiError(failure) && failure.status === 401 ? t('signin.errors.invalidCredentials') : describeError(failure, t);
  }

  const closeReset = useCallback(() => setResetOpen(false), []);

  const openReset = () => {
    setResetDialogLoaded(true);
    setResetOpen(true);
  };

  return (
    <AuthLayout languageMenu={languageMenu}>
      <Card sx={{ width: '100%', maxWidth: 460, p: { xs: 3, sm: 5 }, boxShadow: '0 8px 32px rgba(51, 16, 30, 0.08)' }}>
        <Typography variant="h1" sx={{ mb: 1 }}>
          {t('signin.title')}
        </Typography>
        <Typography color="text.secondary" sx={{ mb: 3 }}>
          {t('signin.subtitle')}
        </Typography>
        {notice && !error && (
          <Alert severity={notice.severity} sx={{ mb: 2 }} data-testid="login-notice">
            {t(notice.key)}
          </Alert>
        )}
        {resetSent && !error && (
          <Alert severity="success" sx={{ mb: 2 }} data-testid="reset-sent-banner" onClose={() => setResetSent(null)} closeText={t('common.close')}>
            {resetSent}
          </Alert>
        )}
        {error && (
          <Alert severity="error" sx={{ mb: 2 }} data-testid="login-error">
            {error}
          </Alert>
        )}
        <Box component="form" noValidate onSubmit={onSubmit} sx={{ display: 'flex', flexDirection: 'column', gap: 0.5 }}>
          <TextInput
            {...register('email')}
            label={t('signin.email')}
            type="email"
            autoComplete="username"
            required
            fullWidth
            autoFocus
            error={Boolean(errors.email)}
            // A blank helper keeps the line reserved: a message never moves the links below mid-click.
            helperText={errors.email?.message ? t(errors.email.message) : ' '}
          />
          <PasswordInput
            {...register('password')}
            label={t('signin.password')}
            autoComplete="current-password"
            required
            fullWidth
            error={Boolean(errors.password)}
            helperText={errors.password?.message ? t(errors.password.message) : ' '}
          />
          <Box sx={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', flexWrap: 'wrap', columnGap: 1, mt: -0.5, mb: 1.5 }}>
            <Controller
              control={control}
              name="remember"
              render={({ field }) => (
                <FormControlLabel
                  control={
                    <Checkbox
                      name={field.name}
                      checked={field.value}
                      onChange={(event) => field.onChange(event.target.checked)}
                      onBlur={field.onBlur}
                      slotProps={{ input: { ref: field.ref } }}
                    />
                  }
                  label={t('signin.rememberMe')}
                />
              )}
            />
            <Link
              component="button"
              type="button"
              variant="body2"
              onClick={openReset}
              onPointerEnter={() => void loadResetDialog()}
              onFocus={() => void loadResetDialog()}
              sx={{ fontWeight: 600 }}
              data-testid="forgot-password"
            >
              {t('signin.forgotPassword')}
            </Link>
          </Box>
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
      {resetDialogLoaded && (
        <Suspense fallback={null}>
          <ResetRequestDialog open={resetOpen} onClose={closeReset} onSent={setResetSent} />
        </Suspense>
      )}
    </AuthLayout>
  );
}
