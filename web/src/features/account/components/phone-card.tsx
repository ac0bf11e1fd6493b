import { zodResolver } from '@hookform/resolvers/zod';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { PhoneCodeDialog } from '@/features/account/components/phone-code-dialog';
import { PhoneField } from '@/components/ui/phone-field';
import { SectionCard } from '@/components/ui/section-card';
import type { User } from '@/lib/auth/user';
import { phoneSchema, type PhoneValues } from '@/lib/validation/account-forms';
import { formatInternational, formatNational, isCountryCode, splitPhone, toE164 } from '@/lib/validation/phone';

/**
 * Phone change (part 1 §2): enter the number, open the dialog, send a code by
 * SMS, enter the 6-digit code, verify.
 */
export function PhoneCard({ user }: { user: User }) {
  const { t } = useTranslation();
  const current = splitPhone(user.phone, isCountryCode(user.country) ? user.country : 'FR');
  const [pending, setPending] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    getValues,
    setValue,
    reset,
    formState: { errors },
  } = useForm<PhoneValues>({
    resolver: zodResolver(phoneSchema),
    // Messages appear on submit, then follow each keystroke: none pops up on blur and moves the form mid-click.
    mode: 'onSubmit',
    reValidateMode: 'onChange',
    defaultValues: { phoneCountry: current.country, phone: '' },
  });

  return (
    <SectionCard
      title={t('account.phone.title')}
      description={
        user.phone ? (
          <>
            {t('account.phone.current')}{' '}
            <Box component="span" sx={{ fontWeight: 600, color: 'text.primary', whiteSpace: 'nowrap' }} data-testid="current-phone">
              {formatInternational(user.phone)}
            </Box>
          </>
        ) : (
          t('account.phone.none')
        )
      }
      data-testid="phone-card"
    >
      <Box
        component="form"
        noValidate
        onSubmit={handleSubmit((values) => {
          const country = isCountryCode(values.phoneCountry) ? values.phoneCountry : 'FR';
          setPending(toE164(values.phone, country));
        })}
        sx={{ display: 'flex', flexDirection: 'column', gap: 2 }}
      >
        <PhoneField
          countryField={register('phoneCountry')}
          numberField={register('phone', {
            onBlur: () => {
              const country = getValues('phoneCountry');
              if (isCountryCode(country)) setValue('phone', formatNational(getValues('phone'), country));
            },
          })}
          label={t('account.phone.newNumber')}
          error={Boolean(errors.phone)}
          helperText={errors.phone?.message ? t(errors.phone.message) : undefined}
        />
        <Box>
          <Button type="submit" variant="contained">
            {t('account.phone.change')}
          </Button>
        </Box>
        <Typography variant="body2" color="text.secondary">
          {t('account.phone.hint')}
        </Typography>
      </Box>
      {pending && (
        <PhoneCodeDialog
          phone={pending}
          onClose={() => setPending(null)}
          onVerified={() => {
            setPending(null);
            reset({ phoneCountry: getValues('phoneCountry'), phone: '' });
          }}
        />
      )}
    </SectionCard>
  );
}
