import Box from '@mui/material/Box';
import FormControl from '@mui/material/FormControl';
import FormHelperText from '@mui/material/FormHelperText';
import InputLabel from '@mui/material/InputLabel';
import NativeSelect from '@mui/material/NativeSelect';
import OutlinedInput from '@mui/material/OutlinedInput';
import TextField from '@mui/material/TextField';
import { useId, useMemo, useState } from 'react';
import { Controller, get, useWatch, type FieldValues, type Path, type UseFormReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { PlaceSearchField } from '@/components/ui/place-search-field';
import { countryOptions } from '@/lib/countries';
import { firstZipcode, type Place } from '@/lib/places';
import { regionNamesOf } from '@/lib/region-names';
import { normalizePostcode, POSTCODE_EXAMPLES } from '@/lib/validation/address-rules';

/** The address a form keeps, under these names: the fields this component fills. */
export interface AddressFieldValues {
  zipcode: string;
  city: string;
  countryCode: string;
  latitude: number | null;
  longitude: number | null;
}

type AddressField = keyof AddressFieldValues;

const SET = { shouldDirty: true, shouldTouch: true } as const;
const PICKED: AddressField[] = ['countryCode', 'zipcode', 'city', 'latitude'];

interface AddressFieldsProps<T extends FieldValues & AddressFieldValues> {
  form: UseFormReturn<T>;
  /**
   * Where the texts are in the dictionaries: `company.address` speaks of the
   * provider's own town, `venues.form` of the venue's. Both have the same keys.
   */
  messages: 'company.address' | 'venues.form';
  disabled?: boolean;
  /** Other fields whose rule reads the address (the venue's street line): checked again when it changes while they show an error. */
  dependents?: readonly Path<T>[];
}

/**
 * An address: the search (GET /api/address/search) that fills the postal
 * code, the town, the country and the hidden position, then those three,
 * still editable. Editing the town or the country by hand forgets the
 * position: the place must then be picked again. The postal code is written
 * back as its country writes it when the field is left.
 */
export function AddressFields<T extends FieldValues & AddressFieldValues>({ form: typed, messages, disabled = false, dependents = [] }: AddressFieldsProps<T>) {
  // T has the address under the names above (the constraint says so); the
  // form is read through those names alone, the dependents' as given.
  const form = typed as unknown as UseFormReturn<AddressFieldValues>;
  const others = dependents as unknown as AddressField[];
  const { t, i18n } = useTranslation();
  const { control, setValue, getValues, formState } = form;
  const [picked, setPicked] = useState<Place | null>(null);
  const countries = useMemo(() => countryOptions(i18n.language), [i18n.language]);
  const countryName = useMemo(() => regionNamesOf(i18n.language), [i18n.language]);
  const countryId = useId();
  const countryHelperId = useId();
  const text = (key: string, options?: Record<string, string>) => t(`${messages}.${key}`, options);

  const [zipcode, city, countryCode, latitude] = useWatch({ control, name: ['zipcode', 'city', 'countryCode', 'latitude'] });
  const located = latitude !== null && formState.errors.latitude === undefined;
  const example = POSTCODE_EXAMPLES[countryCode];

  /** Checks again the fields among `names` that show an error: their message may have gone. */
  const recheck = (names: AddressField[]) => {
    const failing = names.filter((name) => get(formState.errors, name) !== undefined);
    if (failing.length > 0) void form.trigger(failing);
  };

  const pick = (place: Place | null) => {
    setPicked(place);
    if (!place) return;
    const country = place.countrycode.toUpperCase();
    const zip = firstZipcode(place.zipcode);
    setValue('countryCode', country, SET);
    setValue('zipcode', normalizePostcode(country, zip).value || zip, SET);
    setValue('city', place.city, SET);
    setValue('latitude', place.lat, SET);
    setValue('longitude', place.lng, SET);
    // Validated together once every field is set (the coordinates are checked as a pair).
    void form.trigger([...PICKED, ...others]);
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
      <PlaceSearchField
        value={picked}
        onChange={pick}
        label={text('search')}
        placeholder={text('searchPlaceholder')}
        messages={{ searching: text('searching'), noPlace: text('noPlace'), minChars: text('searchMinChars'), failed: text('searchError') }}
        disabled={disabled}
        error={Boolean(positionError)}
        helperText={
          positionError ? (
            t(positionError)
          ) : located && city ? (
            <Box component="span" sx={{ color: 'success.dark' }} data-testid="address-located">
              {text('located', { place: `${zipcode} ${city}, ${countryName(countryCode)}` })}
            </Box>
          ) : (
            text('searchHint')
          )
        }
        data-testid="address-search"
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
                recheck(others);
              }}
              label={text('zipcode')}
              required
              disabled={disabled}
              autoComplete="postal-code"
              error={Boolean(fieldState.error)}
              helperText={
                fieldState.error?.message
                  ? [t(fieldState.error.message), example ? text('zipcodeExample', { example }) : null].filter(Boolean).join(' · ')
                  : !field.value && example
                    ? text('zipcodeExample', { example })
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
                recheck(['city', ...others]);
              }}
              onBlur={() => {
                const trimmed = field.value.trim();
                if (trimmed !== field.value) setValue('city', trimmed, { shouldValidate: true, shouldDirty: true });
                field.onBlur();
              }}
              label={text('city')}
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
              {text('country')}
            </InputLabel>
            <NativeSelect
              value={field.value}
              onChange={(event) => {
                field.onChange(event.target.value);
                forgetPosition();
                // The postal code's rule is the country's.
                if (getValues('zipcode')) void form.trigger('zipcode');
                recheck(['countryCode', ...others]);
              }}
              onBlur={field.onBlur}
              inputRef={field.ref}
              input={<OutlinedInput label={text('country')} notched />}
              inputProps={{ id: countryId, name: field.name, 'aria-describedby': fieldState.error ? countryHelperId : undefined }}
            >
              <option value="">{text('chooseCountry')}</option>
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
