import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Checkbox from '@mui/material/Checkbox';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Switch from '@mui/material/Switch';
import Typography from '@mui/material/Typography';
import { useId } from 'react';
import { Controller, useWatch, type UseFormReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { TextControl } from '@/features/venues/components/text-control';
import { useVenuePrestations } from '@/features/venues/api/list-venue-prestations';
import { DETAIL_DESCRIPTION_MAX, emptyDetail, type VenueFormValues } from '@/features/venues/venue-form';
import { venueCurrencySign } from '@/lib/venue-currency';
import { intlLocale } from '@/lib/locales';

/**
 * Step 3, and the /venues/{id}/services page: the services the venue sells
 * (GET /api/venues/prestations), then for each chosen one what it includes,
 * its starting budget and whether both show on the public page.
 */
export function PrestationsStep({ form, disabled }: { form: UseFormReturn<VenueFormValues>; disabled?: boolean }) {
  const { t, i18n } = useTranslation();
  const sign = venueCurrencySign(useWatch({ control: form.control, name: 'countryCode' }), i18n.language);
  const prestations = useVenuePrestations();
  const chosen = useWatch({ control: form.control, name: 'prestations' });
  const helperId = useId();
  const error = form.formState.errors.prestations?.message;
  const labelOf = (slug: string) => prestations.data?.find((p) => p.slug === slug)?.label ?? slug;
  const number = new Intl.NumberFormat(intlLocale(i18n.language));

  const toggle = (slug: string, on: boolean) => {
    const current = form.getValues('prestations');
    // Kept in the server's order, so details read in the same order as the list.
    const order = (prestations.data ?? []).map((p) => p.slug);
    const next = on ? order.filter((s) => s === slug || current.includes(s)) : current.filter((s) => s !== slug);
    if (on && !form.getValues(`details.${slug}`)) form.setValue(`details.${slug}`, emptyDetail());
    form.setValue('prestations', next, { shouldDirty: true, shouldTouch: true, shouldValidate: form.formState.isSubmitted || Boolean(error) });
  };

  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', gap: 3 }}>
      {prestations.isError && <Alert severity="error">{t('venues.errors.loading_prestations')}</Alert>}
      <FormControl component="fieldset" required error={Boolean(error)} disabled={disabled} sx={{ minWidth: 0 }}>
        <FormLabel component="legend" sx={{ fontWeight: 700, color: 'text.primary' }}>
          {t('venues.form.prestationsLegend')}
        </FormLabel>
        {prestations.isPending ? (
          <Skeleton variant="rounded" height={160} />
        ) : (
          <FormGroup sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr', md: '1fr 1fr 1fr' }, columnGap: 2 }} aria-describedby={helperId}>
            {(prestations.data ?? []).map((prestation) => (
              <FormControlLabel
                key={prestation.slug}
                control={<Checkbox checked={chosen.includes(prestation.slug)} onChange={(event) => toggle(prestation.slug, event.target.checked)} name={`prestation-${prestation.slug}`} />}
                label={prestation.label}
              />
            ))}
          </FormGroup>
        )}
        <FormHelperText id={helperId}>{error ? t(error) : t('venues.form.prestationsHint')}</FormHelperText>
      </FormControl>
      {chosen.map((slug) => (
        <Paper key={slug} variant="outlined" sx={{ p: { xs: 2, sm: 2.5 }, display: 'flex', flexDirection: 'column', gap: 2 }} data-testid={`detail-${slug}`}>
          <Typography variant="h3" sx={{ fontSize: '1rem', fontWeight: 700 }}>
            {labelOf(slug)}
          </Typography>
          <TextControl
            form={form}
            name={`details.${slug}.description`}
            label={t('venues.form.detailDescription')}
            required
            multiline
            minRows={3}
            disabled={disabled}
            hint={t('venues.form.detailDescriptionHint', { max: number.format(DETAIL_DESCRIPTION_MAX) })}
          />
          <Box sx={{ maxWidth: { sm: 280 } }}>
            <TextControl form={form} name={`details.${slug}.budgetStartingFrom`} label={t('venues.form.budgetStartingFrom')} required numeric unit={sign} disabled={disabled} />
          </Box>
          <Box sx={{ display: 'flex', flexWrap: 'wrap', columnGap: 3 }}>
            <Controller
              control={form.control}
              name={`details.${slug}.isDescriptionVisible`}
              render={({ field }) => (
                <FormControlLabel
                  control={<Switch checked={field.value} onChange={(event) => field.onChange(event.target.checked)} disabled={disabled} />}
                  label={t('venues.form.isDescriptionVisible')}
                />
              )}
            />
            <Controller
              control={form.control}
              name={`details.${slug}.isBudgetVisible`}
              render={({ field }) => (
                <FormControlLabel control={<Switch checked={field.value} onChange={(event) => field.onChange(event.target.checked)} disabled={disabled} />} label={t('venues.form.isBudgetVisible')} />
              )}
            />
          </Box>
        </Paper>
      ))}
    </Box>
  );
}
