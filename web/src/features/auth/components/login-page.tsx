import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import Checkbox from '@mui/material/Checkbox';
import CircularProgress from '@mui/material/CircularProgress';
import FormControlLabel from '@mui/material/FormControlLabel';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { lazy, Suspense, useCallback, useEffect, useLayoutEffect, useRef, useState, type FormEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useSearchParams } from 'react-router';
import { AuthLayout } from '@/features/auth/components/auth-layout';
import { useLogin } from '@/features/auth/api/login';
import { PasswordInput } from '@/components/ui/password-input';
import { TextInput } from '@/components/ui/text-input';
import { describeError, isApiError } from '@/lib/api-error';
import { clearLoginNotice, peekLoginNotice, subscribeLoginNotice } from '@/lib/auth/login-notice';

// Part 1 §5: a valid e-mail and a password longer than 3 characters, both
// trimmed. Plain rules rather than a form library and a schema: they were a
// sixth of the JavaScript of the page everyone opens first, for two fields.
// The address pattern is zod's (z.email()), which this form used before.
const EMAIL = /^(?:[A-Za-z0-9_'+-]+\.)*[A-Za-z0-9_'+-]*[A-Za-z0-9_+-]@(?:[A-Za-z0-9][A-Za-z0-9-]*\.)+[A-Za-z]{2,}$/;

type Field = 'email' | 'password';

/** The message key of a field's value, or null when it is valid. */
function fieldError(field: Field, value: string): string | null {
  const trimmed = value.trim();
  if (field === 'email') return EMAIL.test(trimmed) ? null : 'signin.errors.emailRequired';
  return trimmed.length >= 4 ? null : 'validation.password_requirements';
}

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

  const [values, setValues] = useState({ email: '', password: '' });
  const [remember, setRemember] = useState(true);
  const form = useRef<HTMLFormElement>(null);
  // The page is on screen before the app (it arrives pre-rendered, and
  // src/entry.ts loads the app once the person engages with it): what they
  // typed, or a password manager filled in, before hydration is in the
  // fields, which hydration keeps, but not in this state. It is taken over
  // once, as the page mounts.
  const [mounted, setMounted] = useState(false);
  useLayoutEffect(() => {
    const fields = form.current?.elements;
    const typed = (name: Field) => {
      const input = fields?.namedItem(name);
      return input instanceof HTMLInputElement ? input.value : '';
    };
    const email = typed('email');
    const password = typed('password');
    if (email !== '' || password !== '') setValues({ email, password });
    const box = fields?.namedItem('remember');
    if (box instanceof HTMLInputElement) setRemember(box.checked);
    setMounted(true);
  }, []);
  // As the form library did ("onTouched"): a field's message shows once it
  // has been left, then follows every keystroke.
  const [touched, setTouched] = useState<Record<Field, boolean>>({ email: false, password: false });
  const field = (name: Field) => ({
    name,
    value: values[name],
    onChange: (event: { target: { value: string } }) => setValues((current) => ({ ...current, [name]: event.target.value })),
    onBlur: () => setTouched((current) => (current[name] ? current : { ...current, [name]: true })),
  });

  const emailError = touched.email ? fieldError('email', values.email) : null;
  const passwordError = touched.password ? fieldError('password', values.password) : null;

  // Submit stays disabled until both fields are valid (checked on every keystroke).
  const canSubmit = fieldError('email', values.email) === null && fieldError('password', values.password) === null;
  // Rendered on the server the button is disabled (no submit without the
  // app). In the browser, entry.ts enabled it to hold a submit, and the
  // render that hydrates says the same: hydration does not write attributes,
  // so from then on the DOM is what React believes, and the next render
  // disables it again if the fields say so, without replacing the element
  // (a click under way on it would be lost).
  const prerendering = typeof document === 'undefined';
  const disabled = prerendering || (mounted && (!canSubmit || login.isPending));

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (!canSubmit) {
      setTouched({ email: true, password: true });
      return;
    }
    login.mutate({ email: values.email.trim(), password: values.password.trim(), remember });
  };

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
        <Box component="form" ref={form} noValidate onSubmit={onSubmit} sx={{ display: 'flex', flexDirection: 'column', gap: 0.5 }}>
          <TextInput
            {...field('email')}
            label={t('signin.email')}
            type="email"
            autoComplete="username"
            required
            fullWidth
            autoFocus
            error={emailError !== null}
            // A blank helper keeps the line reserved: a message never moves the links below mid-click.
            helperText={emailError ? t(emailError) : ' '}
          />
          <PasswordInput
            {...field('password')}
            label={t('signin.password')}
            autoComplete="current-password"
            required
            fullWidth
            error={passwordError !== null}
            helperText={passwordError ? t(passwordError) : ' '}
          />
          <Box sx={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', flexWrap: 'wrap', columnGap: 1, mt: -0.5, mb: 1.5 }}>
            <FormControlLabel
              control={<Checkbox name="remember" checked={remember} onChange={(event) => setRemember(event.target.checked)} />}
              label={t('signin.rememberMe')}
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
            disabled={disabled}
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
