import PlaceOutlinedIcon from '@mui/icons-material/PlaceOutlined';
import Autocomplete from '@mui/material/Autocomplete';
import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import FormControl from '@mui/material/FormControl';
import FormHelperText from '@mui/material/FormHelperText';
import InputLabel from '@mui/material/InputLabel';
import NativeSelect from '@mui/material/NativeSelect';
import OutlinedInput from '@mui/material/OutlinedInput';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { useId, useMemo, useState } from 'react';
import { Controller, useWatch, type UseFormReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { VenueFormValues } from '@/features/venues/venue-form';
import { ADDRESS_MAX } from '@/features/venues/venue-form';
import { trimmedBlur } from '@/features/venues/components/trimmed-blur';
import { countryOptions, EUROPEAN_COUNTRIES } from '@/lib/countries';
import { ADDRESS_SEARCH_DEBOUNCE_MS, ADDRESS_SEARCH_MIN_CHARS, firstZipcode, searchAddress, type Place, placeLabel, placeDetail } from '@/lib/places';
import { normalizePostcode, POSTCODE_EXAMPLES } from '@/lib/validation/company-rules';
import { useDebouncedValue } from '@/lib/use-debounced-value';

const SET = { shouldDirty: true, shouldTouch: true } as const;


/**
 * The venue's address (step 0): the street as typed, and the address search
 * of the company pages (GET /api/address/search) that fills the postal
 * code, city, country and position; those three stay editable, and editing
 * the city or the country forgets the position.
 */
export function VenueAddressFields({ form, disabled = false }: { form: UseFormReturn<VenueFormValues>; disabled?: boolean }) {
  const { t, i18n } = useTranslation();
  const { control, setValue, getValues } = form;
  const [input, setInput] = useState('');
  const [query, setQuery] = useState('');
  const debounced = useDebouncedValue(query.trim(), ADDRESS_SEARCH_DEBOUNCE_MS);
  const searchable = debounced.length >= ADDRESS_SEARCH_MIN_CHARS;
  const places = useQuery({
    queryKey: ['address-search', debounced, i18n.language],
    queryFn: ({ signal }) => searchAddress(debounced, '', signal),
    enabled: searchable,
    staleTime: 5 * 60_000,
  });
  const countries = useMemo(() => countryOptions(i18n.language).filter((country) => (EUROPEAN_COUNTRIES as readonly string[]).includes(country.code)), [i18n.language]);
  const countryId = useId();
  const countryHelperId = useId();
  const [zipcode, city, latitude, countryCode] = useWatch({ control, name: ['zipcode', 'city', 'latitude', 'countryCode'] });
  const loading = searchable && (places.isFetching || query.trim() !== debounced);
  const example = POSTCODE_EXAMPLES[countryCode];
  const message = (key: string | undefined) => (key ? t(key) : undefined);

  const pick = (place: Place | null) => {
    if (!place) return;
    const country = place.countrycode.toUpperCase();
    setValue('countryCode', country, SET);
    setValue('zipcode', normalizePostcode(country, firstZipcode(place.zipcode)).value || firstZipcode(place.zipcode), SET);
    setValue('city', place.city, SET);
    setValue('latitude', place.lat, SET);
    setValue('longitude', place.lng, SET);
    void form.trigger(['zipcode', 'city', 'countryCode', 'address']);
  };
  const forgetPosition = () => {
    setValue('latitude', null, SET);
    setValue('longitude', null, SET);
  };

  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', gap: 2.5 }}>
      <Controller
        control={control}
        name="address"
        render={({ field, fieldState }) => (
          <TextField
            {...field}
            onBlur={trimmedBlur(form, field)}
            label={t('venues.form.address')}
            placeholder={t('venues.form.addressPlaceholder')}
            required
            disabled={disabled}
            autoComplete="street-address"
            error={Boolean(fieldState.error)}
            helperText={message(fieldState.error?.message)}
            slotProps={{ htmlInput: { maxLength: ADDRESS_MAX + 20 } }}
          />
        )}
      />
      <Autocomplete<Place, false, false, false>
        options={searchable && places.data ? places.data : []}
        value={null}
        inputValue={input}
        onInputChange={(_event, value, reason) => {
          setInput(value);
          if (reason === 'input' || reason === 'clear') setQuery(value);
        }}
        onChange={(_event, place) => {
          pick(place);
          setInput('');
          setQuery('');
        }}
        filterOptions={(options) => options}
        getOptionLabel={placeLabel}
        getOptionKey={(place) => `${place.countrycode}-${place.zipcode}-${place.city}-${place.lat}-${place.lng}`}
        loading={loading}
        disabled={disabled}
        noOptionsText={query.trim().length < ADDRESS_SEARCH_MIN_CHARS ? t('venues.form.searchMinChars') : places.isError ? t('venues.form.searchError') : t('venues.form.noPlace')}
        loadingText={t('venues.form.searching')}
        autoHighlight
        renderOption={({ key, ...props }, place) => (
          <Box component="li" key={key} {...props} sx={{ display: 'flex', gap: 1.5, alignItems: 'center' }}>
            <PlaceOutlinedIcon color="action" fontSize="small" aria-hidden="true" />
            <Box>
              <Typography component="span" sx={{ display: 'block', fontWeight: 600 }}>
                {place.city}
              </Typography>
              <Typography component="span" variant="body2" color="text.secondary">
                {placeDetail(place)}
              </Typography>
            </Box>
          </Box>
        )}
        renderInput={(params) => (
          <TextField
            {...params}
            label={t('venues.form.search')}
            placeholder={t('venues.form.searchPlaceholder')}
            helperText={
              latitude !== null && city ? (
                <Box component="span" sx={{ color: 'success.dark' }} data-testid="venue-located">
                  {t('venues.form.located', { place: `${zipcode} ${city}` })}
                </Box>
              ) : (
                t('venues.form.searchHint')
              )
            }
            slotProps={{
              ...params.slotProps,
              htmlInput: { ...params.slotProps.htmlInput, 'data-testid': 'venue-address-search' },
              input: {
                ...params.slotProps.input,
                endAdornment: (
                  <>
                    {loading ? <CircularProgress color="inherit" size={18} aria-hidden="true" /> : null}
                    {params.slotProps.input.endAdornment}
                  </>
                ),
              },
            }}
          />
        )}
      />
      <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '1fr 2fr' }, gap: 2 }}>
        <Controller
          control={control}
          name="zipcode"
          render={({ field, fieldState }) => (
            <TextField
              {...field}
              onBlur={() => {
                const { value, code } = normalizePostcode(getValues('countryCode'), field.value);
                setValue('zipcode', code ? field.value.trim() : value, { shouldValidate: true });
                // The address field's "needs its postcode" error goes as soon as the postcode is there.
                if (form.formState.errors.address) void form.trigger('address');
                field.onBlur();
              }}
              label={t('venues.form.zipcode')}
              required
              disabled={disabled}
              autoComplete="postal-code"
              error={Boolean(fieldState.error)}
              helperText={fieldState.error?.message ? [t(fieldState.error.message), example ? t('venues.form.zipcodeExample', { example }) : null].filter(Boolean).join(' · ') : undefined}
            />
          )}
        />
        <Controller
          control={control}
          name="city"
          render={({ field, fieldState }) => (
            <TextField
              {...field}
              onChange={(event) => {
                field.onChange(event);
                forgetPosition();
                if (fieldState.error) void form.trigger(['city', 'address']);
              }}
              onBlur={trimmedBlur(form, field)}
              label={t('venues.form.city')}
              required
              disabled={disabled}
              autoComplete="address-level2"
              error={Boolean(fieldState.error)}
              helperText={message(fieldState.error?.message)}
            />
          )}
        />
      </Box>
      <Controller
        control={control}
        name="countryCode"
        render={({ field, fieldState }) => (
          <FormControl fullWidth required error={Boolean(fieldState.error)} disabled={disabled}>
            <InputLabel htmlFor={countryId} shrink>
              {t('venues.form.country')}
            </InputLabel>
            <NativeSelect
              value={field.value}
              onChange={(event) => {
                field.onChange(event.target.value);
                forgetPosition();
                if (fieldState.error || form.formState.errors.zipcode) void form.trigger(['countryCode', 'zipcode', 'address']);
              }}
              onBlur={field.onBlur}
              inputRef={field.ref}
              input={<OutlinedInput label={t('venues.form.country')} notched />}
              inputProps={{ id: countryId, name: field.name, 'aria-describedby': fieldState.error ? countryHelperId : undefined }}
            >
              <option value="">{t('venues.form.chooseCountry')}</option>
              {countries.map((country) => (
                <option key={country.code} value={country.code}>
                  {country.label}
                </option>
              ))}
            </NativeSelect>
            {fieldState.error?.message && <FormHelperText id={countryHelperId}>{t(fieldState.error.message)}</FormHelperText>}
          </FormControl>
        )}
      />
    </Box>
  );
}
