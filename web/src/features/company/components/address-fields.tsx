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
import { ADDRESS_SEARCH_DEBOUNCE_MS, ADDRESS_SEARCH_MIN_CHARS, firstZipcode, searchAddress, type Place, placeLabel, placeDetail } from '@/lib/places';
import { countryOptions } from '@/lib/countries';
import { regionNamesOf } from '@/lib/region-names';
import type { AddressValues } from '@/lib/validation/company-forms';
import { normalizePostcode, POSTCODE_EXAMPLES } from '@/lib/validation/company-rules';
import { useDebouncedValue } from '@/lib/use-debounced-value';

export { ADDRESS_SEARCH_DEBOUNCE_MS, ADDRESS_SEARCH_MIN_CHARS, firstZipcode } from '@/lib/places';


const SET = { shouldDirty: true, shouldTouch: true } as const;
const ADDRESS_FIELDS = ['countryCode', 'zipcode', 'city', 'latitude'] as const;

/**
 * The address of the wizard's step 2 and of the address page: a search that
 * fills postal code, city, country and the hidden coordinates, then the three
 * fields themselves. Editing the city or the country by hand forgets the
 * coordinates: the place must then be picked again in the search.
 */
export function AddressFields({ form, disabled = false }: { form: UseFormReturn<AddressValues>; disabled?: boolean }) {
  const { t, i18n } = useTranslation();
  const { control, setValue, getValues, formState } = form;
  const [input, setInput] = useState('');
  const [query, setQuery] = useState('');
  const [picked, setPicked] = useState<Place | null>(null);
  const debounced = useDebouncedValue(query.trim(), ADDRESS_SEARCH_DEBOUNCE_MS);
  const searchable = debounced.length >= ADDRESS_SEARCH_MIN_CHARS;
  const places = useQuery({
    queryKey: ['address-search', debounced, i18n.language],
    queryFn: ({ signal }) => searchAddress(debounced, '', signal),
    enabled: searchable,
    staleTime: 5 * 60_000,
  });
  const countries = useMemo(() => countryOptions(i18n.language), [i18n.language]);
  const countryName = useMemo(() => regionNamesOf(i18n.language), [i18n.language]);
  const countryId = useId();
  const countryHelperId = useId();

  const [zipcode, city, countryCode, latitude] = useWatch({ control, name: ['zipcode', 'city', 'countryCode', 'latitude'] });
  const located = latitude !== null && formState.errors.latitude === undefined;
  const example = POSTCODE_EXAMPLES[countryCode];
  const typing = query.trim() !== debounced;
  const loading = searchable && (places.isFetching || typing);

  const pick = (place: Place | null) => {
    setPicked(place);
    if (!place) return;
    const country = place.countrycode.toUpperCase();
    setValue('countryCode', country, SET);
    setValue('zipcode', normalizePostcode(country, firstZipcode(place.zipcode)).value || firstZipcode(place.zipcode), SET);
    setValue('city', place.city, SET);
    setValue('latitude', place.lat, SET);
    setValue('longitude', place.lng, SET);
    // Validated together once every field is set (the coordinates are checked as a pair).
    void form.trigger([...ADDRESS_FIELDS]);
  };

  const forgetPosition = () => {
    if (getValues('latitude') === null && getValues('longitude') === null) return;
    setPicked(null);
    setValue('latitude', null, SET);
    setValue('longitude', null, SET);
    void form.trigger('latitude');
  };

  const message = (key: string | undefined) => (key ? t(key) : undefined);
  const positionError = formState.touchedFields.latitude || formState.isSubmitted ? formState.errors.latitude?.message : undefined;

  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', gap: 2.5 }}>
      <Autocomplete<Place, false, false, false>
        options={searchable && places.data ? places.data : []}
        value={picked}
        inputValue={input}
        onInputChange={(_event, value, reason) => {
          setInput(value);
          if (reason === 'input' || reason === 'clear') setQuery(value);
        }}
        onChange={(_event, place) => pick(place)}
        filterOptions={(options) => options}
        getOptionLabel={placeLabel}
        isOptionEqualToValue={(a, b) => a.city === b.city && a.zipcode === b.zipcode && a.countrycode === b.countrycode && a.lat === b.lat}
        getOptionKey={(place) => `${place.countrycode}-${place.zipcode}-${place.city}-${place.lat}-${place.lng}`}
        loading={loading}
        disabled={disabled}
        noOptionsText={
          query.trim().length < ADDRESS_SEARCH_MIN_CHARS ? t('company.address.searchMinChars') : places.isError ? t('company.address.searchError') : t('company.address.noPlace')
        }
        loadingText={t('company.address.searching')}
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
            label={t('company.address.search')}
            placeholder={t('company.address.searchPlaceholder')}
            error={Boolean(positionError)}
            helperText={
              positionError ? (
                t(positionError)
              ) : located && city ? (
                <Box component="span" sx={{ color: 'success.dark' }}>
                  {t('company.address.located', { place: `${zipcode} ${city}, ${countryName(countryCode)}` })}
                </Box>
              ) : (
                t('company.address.searchHint')
              )
            }
            slotProps={{
              ...params.slotProps,
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
                if (value !== field.value) setValue('zipcode', code ? field.value.trim() : value, { shouldValidate: true });
                field.onBlur();
              }}
              label={t('company.address.zipcode')}
              required
              disabled={disabled}
              autoComplete="postal-code"
              error={Boolean(fieldState.error)}
              helperText={
                fieldState.error?.message
                  ? [t(fieldState.error.message), example ? t('company.address.zipcodeExample', { example }) : null].filter(Boolean).join(' · ')
                  : !field.value && example
                    ? t('company.address.zipcodeExample', { example })
                    : undefined
              }
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
              }}
              onBlur={() => {
                const trimmed = field.value.trim();
                if (trimmed !== field.value) setValue('city', trimmed, { shouldValidate: true });
                field.onBlur();
              }}
              label={t('company.address.city')}
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
              {t('company.address.country')}
            </InputLabel>
            <NativeSelect
              value={field.value}
              onChange={(event) => {
                field.onChange(event.target.value);
                forgetPosition();
                if (getValues('zipcode')) void form.trigger('zipcode');
              }}
              onBlur={field.onBlur}
              inputRef={field.ref}
              input={<OutlinedInput label={t('company.address.country')} notched />}
              inputProps={{ id: countryId, name: field.name, 'aria-describedby': fieldState.error ? countryHelperId : undefined }}
            >
              <option value="">{t('company.address.chooseCountry')}</option>
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
