import Box from '@mui/material/Box';
import type { Ref } from 'react';
import { useTranslation } from 'react-i18next';
import { PlaceSearchField } from '@/components/ui/place-search-field';
import { firstZipcode } from '@/lib/places';

/** Where the wedding took place, as the form keeps it. */
export interface PlaceValue {
  location: string;
  city: string;
  postalCode: string;
  countryCode: string;
  latitude: number | null;
  longitude: number | null;
}

interface PlaceFieldProps {
  value: PlaceValue;
  onChange: (value: PlaceValue) => void;
  onBlur: () => void;
  inputRef?: Ref<HTMLInputElement>;
  error?: string;
  disabled?: boolean;
}

/**
 * The place of the wedding through the address search of the company pages:
 * picking a place fills the city, postal code, country and position; the
 * text stays free (a venue's name may be typed around it). Typing drops the
 * position once the picked city is no longer in the text.
 */
export function PlaceField({ value, onChange, onBlur, inputRef, error, disabled }: PlaceFieldProps) {
  const { t } = useTranslation();
  const located = value.latitude !== null && value.city !== '';
  return (
    <PlaceSearchField
      value={null}
      onChange={(place) => {
        if (!place) return;
        onChange({
          location: place.city,
          city: place.city,
          postalCode: firstZipcode(place.zipcode),
          countryCode: place.countrycode.toUpperCase(),
          latitude: place.lat,
          longitude: place.lng,
        });
      }}
      text={{
        value: value.location,
        onChange: (text) => {
          const keepsCity = value.city !== '' && text.toLowerCase().includes(value.city.toLowerCase());
          onChange(keepsCity ? { ...value, location: text } : { location: text, city: '', postalCode: '', countryCode: '', latitude: null, longitude: null });
        },
      }}
      onBlur={onBlur}
      name="location"
      label={t('portfolios.form.location')}
      placeholder={t('portfolios.form.locationPlaceholder')}
      required
      inputRef={inputRef}
      disabled={disabled}
      error={Boolean(error)}
      messages={{ searching: t('company.address.searching'), noPlace: t('company.address.noPlace') }}
      helperText={
        error ? (
          t(error)
        ) : located ? (
          <Box component="span" sx={{ color: 'success.dark' }} data-testid="place-located">
            {t('portfolios.form.located', { place: [value.postalCode, value.city].filter(Boolean).join(' ') })}
          </Box>
        ) : (
          t('portfolios.form.locationHint')
        )
      }
    />
  );
}
