import { zodResolver } from '@hookform/resolvers/zod';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import Checkbox from '@mui/material/Checkbox';
import CircularProgress from '@mui/material/CircularProgress';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import Link from '@mui/material/Link';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Typography from '@mui/material/Typography';
import { useId, useState, type ReactNode } from 'react';
import { Controller, useForm, useWatch, type Path } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { AuthLayout } from '@/features/auth/components/auth-layout';
import { useRegister } from '@/features/auth/api/register';
import { PasswordInput } from '@/components/ui/password-input';
import { PasswordStrengthMeter } from '@/components/ui/password-strength-meter';
import { PhoneField } from '@/components/ui/phone-field';
import { TextInput } from '@/components/ui/text-input';
import { visuallyHidden } from '@/components/ui/visually-hidden';
import { describeError, isApiError } from '@/lib/api-error';
import { getConfig } from '@/lib/config';
import { applyFieldErrors } from '@/lib/form-errors';
import { normalizeLocale } from '@/lib/locales';
import { registerKey, registerSchema, type RegisterValues } from '@/lib/validation/account-forms';
import { isCountryCode, toE164, formatNational, type CountryCode } from '@/lib/validation/phone';
import { fieldMessageKey } from '@/lib/validation/rules';

/** The API's field names and the form's. */
const SERVER_FIELDS: Record<string, Path<RegisterValues>> = {
  email: 'email',
  phone: 'phone',
  firstname: 'firstname',
  lastname: 'lastname',
  password: 'password',
  role: 'role',
  tosIsAccepted: 'terms',
};

/** The message keys for a server field code, the form's register.validation.* wording first. */
function serverKeys(code: string): string[] {
  const key = fieldMessageKey(code);
  return [registerKey(key), key];
}

function defaultCountry(): CountryCode {
  const country = getConfig().country.toUpperCase();
  if (country === 'UK') return 'GB';
  return isCountryCode(country) ? country : 'FR';
}

interface RegisterPageProps {
  languageMenu: ReactNode;
}

export function RegisterPage({ languageMenu }: RegisterPageProps) {
  const { t, i18n } = useTranslation();
  const strengthId = useId();
  const roleLabelId = useId();
  const [formError, setFormError] = useState<string | null>(null);
  const registration = useRegister();
  const {
    register,
    control,
    handleSubmit,
    setError,
    setValue,
    getValues,
    formState: { errors },
  } = useForm<RegisterValues>({
    resolver: zodResolver(registerSchema),
    // Messages appear on submit, then follow each keystroke: none pops up on blur and moves the form mid-click.
    mode: 'onSubmit',
    reValidateMode: 'onChange',
    defaultValues: {
      role: 'ROLE_PRESTATAIRE',
      firstname: '',
      lastname: '',
      email: '',
      phoneCountry: defaultCountry(),
      phone: '',
      password: '',
      terms: false,
    },
  });
  const password = useWatch({ control, name: 'password' }) ?? '';

  const message = (key: string | undefined) => (key ? t(key) : undefined);

  const onSubmit = handleSubmit((values) => {
    setFormError(null);
    const country = isCountryCode(values.phoneCountry) ? values.phoneCountry : 'FR';
    registration.mutate(
      {
        role: values.role,
        firstname: values.firstname,
        lastname: values.lastname,
        email: values.email,
        phone: toE164(values.phone, country) ?? values.phone,
        password: values.password,
        tosIsAccepted: true,
        locale: normalizeLocale(i18n.language) ?? 'fr',
      },
      {
        onError: (failure) => {
          if (isApiError(failure) && failure.status === 409) {
            setError('email', { type: 'server', message: 'register.errors.email_already_used' }, { shouldFocus: true });
            return;
          }
          if (isApiError(failure) && Object.keys(failure.fields).length > 0) {
            const { unplaced } = applyFieldErrors(failure, setError, {
              targets: SERVER_FIELDS,
              i18n,
              fallbackKey: 'register.errors.invalid',
              keysFor: serverKeys,
              shouldFocus: true,
            });
            if (unplaced.length === 0) return;
          }
          setFormError(describeError(failure, t, 'register.errors.generic'));
        },
      },
    );
  });

  return (
    <AuthLayout languageMenu={languageMenu}>
      <Card sx={{ width: '100%', maxWidth: 560, p: { xs: 2.5, sm: 5 }, boxShadow: '0 8px 32px rgba(51, 16, 30, 0.08)' }}>
        <Typography variant="h1" sx={{ mb: 1 }}>
          {t('register.title')}
        </Typography>
        <Typography color="text.secondary" sx={{ mb: 3 }}>
          {t('register.subtitle')}
        </Typography>
        {formError && (
          <Alert severity="error" sx={{ mb: 2 }} data-testid="register-error">
            {formError}
          </Alert>
        )}
        <Box component="form" noValidate onSubmit={onSubmit} sx={{ display: 'flex', flexDirection: 'column', gap: 2.5 }}>
          <FormControl component="fieldset" error={Boolean(errors.role)}>
            <FormLabel component="legend" id={roleLabelId} sx={{ mb: 1, fontWeight: 600, color: 'text.primary' }}>
              {t('register.role.label')}
            </FormLabel>
            <Controller
              control={control}
              name="role"
              render={({ field }) => (
                <RadioGroup
                  {...field}
                  aria-labelledby={roleLabelId}
                  sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' }, gap: 1 }}
                >
                  {(['ROLE_PRESTATAIRE', 'ROLE_VENUE'] as const).map((role) => (
                    <FormControlLabel
                      key={role}
                      value={role}
                      control={<Radio />}
                      label={
                        <Box sx={{ py: 0.75 }}>
                          <Typography sx={{ fontWeight: 600 }}>
                            {role === 'ROLE_PRESTATAIRE' ? t('register.role.planner') : t('register.role.venue')}
                          </Typography>
                          <Typography variant="body2" color="text.secondary">
                            {role === 'ROLE_PRESTATAIRE' ? t('register.role.plannerHint') : t('register.role.venueHint')}
                          </Typography>
                        </Box>
                      }
                      sx={{
                        m: 0,
                        pr: 1.5,
                        border: '1px solid',
                        borderColor: field.value === role ? 'primary.main' : 'divider',
                        bgcolor: field.value === role ? 'action.selected' : 'background.paper',
                        borderRadius: 2,
                        alignItems: 'flex-start',
                        '& .MuiRadio-root': { mt: 0.5 },
                      }}
                    />
                  ))}
                </RadioGroup>
              )}
            />
            {errors.role?.message && <FormHelperText>{message(errors.role.message)}</FormHelperText>}
          </FormControl>
          <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' }, gap: 2 }}>
            <TextInput
              {...register('firstname')}
              label={t('register.firstname')}
              autoComplete="given-name"
              required
              fullWidth
              error={Boolean(errors.firstname)}
              helperText={message(errors.firstname?.message)}
            />
            <TextInput
              {...register('lastname')}
              label={t('register.lastname')}
              autoComplete="family-name"
              required
              fullWidth
              error={Boolean(errors.lastname)}
              helperText={message(errors.lastname?.message)}
            />
          </Box>
          <TextInput
            {...register('email')}
            label={t('register.email')}
            type="email"
            autoComplete="email"
            required
            fullWidth
            error={Boolean(errors.email)}
            helperText={message(errors.email?.message)}
          />
          <PhoneField
            countryField={register('phoneCountry')}
            numberField={register('phone', {
              onBlur: () => {
                const country = getValues('phoneCountry');
                if (isCountryCode(country)) setValue('phone', formatNational(getValues('phone'), country));
              },
            })}
            label={t('register.phone')}
            required
            error={Boolean(errors.phone)}
            helperText={message(errors.phone?.message) ?? t('register.phoneHint')}
          />
          <Box sx={{ display: 'flex', flexDirection: 'column', gap: 1.5 }}>
            <PasswordInput
              {...register('password')}
              label={t('register.password')}
              autoComplete="new-password"
              required
              fullWidth
              error={Boolean(errors.password)}
              helperText={message(errors.password?.message)}
              aria-describedby={strengthId}
            />
            <PasswordStrengthMeter password={password} id={strengthId} />
          </Box>
          <FormControl error={Boolean(errors.terms)}>
            <Controller
              control={control}
              name="terms"
              render={({ field }) => (
                <FormControlLabel
                  sx={{ alignItems: 'flex-start', '& .MuiCheckbox-root': { mt: -0.75 } }}
                  control={
                    <Checkbox
                      name={field.name}
                      checked={field.value}
                      onChange={(event) => field.onChange(event.target.checked)}
                      onBlur={field.onBlur}
                      slotProps={{ input: { ref: field.ref, 'aria-invalid': errors.terms ? 'true' : 'false' } }}
                    />
                  }
                  label={
                    <Typography variant="body2">
                      {t('register.terms.before')}{' '}
                      <Link href="/terms" target="_blank" rel="noopener" sx={{ fontWeight: 600 }}>
                        {t('register.terms.link')}
                        <Box component="span" sx={visuallyHidden}>
                          {` (${t('menu.opensNewTab')})`}
                        </Box>
                      </Link>
                      {/^[.!]/.test(t('register.terms.after')) ? '' : ' '}
                      {t('register.terms.after')}
                    </Typography>
                  }
                />
              )}
            />
            {errors.terms?.message && <FormHelperText sx={{ mx: 0 }}>{message(errors.terms.message)}</FormHelperText>}
          </FormControl>
          {/* Outside the checkbox's label: reading the policy accepts nothing. A new tab keeps the form as filled. */}
          <Typography variant="body2" color="text.secondary" sx={{ mt: -1 }}>
            {t('register.privacy.before')}{' '}
            <Link href="/privacy" target="_blank" rel="noopener">
              {t('register.privacy.link')}
              <Box component="span" sx={visuallyHidden}>
                {` (${t('menu.opensNewTab')})`}
              </Box>
            </Link>
            {/^[.!]/.test(t('register.privacy.after')) ? '' : ' '}
            {t('register.privacy.after')}
          </Typography>
          <Button
            type="submit"
            variant="contained"
            size="large"
            fullWidth
            disabled={registration.isPending}
            startIcon={registration.isPending ? <CircularProgress size={18} color="inherit" aria-hidden="true" /> : undefined}
          >
            {t('register.submit')}
          </Button>
        </Box>
        <Typography variant="body2" color="text.secondary" sx={{ mt: 3, textAlign: 'center' }}>
          {t('register.haveAccount')}{' '}
          <Link component={RouterLink} to="/login" sx={{ fontWeight: 600 }}>
            {t('register.signIn')}
          </Link>
        </Typography>
      </Card>
    </AuthLayout>
  );
}
