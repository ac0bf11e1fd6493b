import PlaceOutlinedIcon from '@mui/icons-material/PlaceOutlined';
import Autocomplete from '@mui/material/Autocomplete';
import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { useState, type Ref } from 'react';
import { useTranslation } from 'react-i18next';
import { ADDRESS_SEARCH_DEBOUNCE_MS, ADDRESS_SEARCH_MIN_CHARS, firstZipcode, searchAddress, type Place, placeLabel, placeDetail } from '@/lib/places';
import { useDebouncedValue } from '@/lib/use-debounced-value';

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
 * The place of the wedding through the address search of the company pages
 * (GET /api/address/search): picking a place fills the city, postal code,
 * country and position; the text stays free (a venue's name may be typed
 * around it). Typing drops the position once the picked city is no longer
 * in the text.
 */
export function PlaceField({ value, onChange, onBlur, inputRef, error, disabled }: PlaceFieldProps) {
  const { t, i18n } = useTranslation();
  const [query, setQuery] = useState('');
  const debounced = useDebouncedValue(query.trim(), ADDRESS_SEARCH_DEBOUNCE_MS);
  const searchable = debounced.length >= ADDRESS_SEARCH_MIN_CHARS;
  const places = useQuery({
    queryKey: ['address-search', debounced, i18n.language],
    queryFn: ({ signal }) => searchAddress(debounced, '', signal),
    enabled: searchable,
    staleTime: 5 * 60_000,
  });
  const loading = searchable && (places.isFetching || query.trim() !== debounced);
  const located = value.latitude !== null && value.city !== '';
  return (
    <Autocomplete<Place, false, false, true>
      freeSolo
      options={searchable && places.data ? places.data : []}
      inputValue={value.location}
      value={null}
      filterOptions={(options) => options}
      getOptionLabel={(option) => (typeof option === 'string' ? option : placeLabel(option))}
      getOptionKey={(place) => (typeof place === 'string' ? place : `${place.countrycode}-${place.zipcode}-${place.city}-${place.lat}-${place.lng}`)}
      onInputChange={(_event, text, reason) => {
        if (reason === 'reset') return;
        setQuery(text);
        const keepsCity = value.city !== '' && text.toLowerCase().includes(value.city.toLowerCase());
        onChange(keepsCity ? { ...value, location: text } : { location: text, city: '', postalCode: '', countryCode: '', latitude: null, longitude: null });
      }}
      onChange={(_event, place) => {
        if (!place || typeof place === 'string') return;
        onChange({
          location: place.city,
          city: place.city,
          postalCode: firstZipcode(place.zipcode),
          countryCode: place.countrycode.toUpperCase(),
          latitude: place.lat,
          longitude: place.lng,
        });
      }}
      onBlur={onBlur}
      disabled={disabled}
      loading={loading}
      loadingText={t('company.address.searching')}
      noOptionsText={t('company.address.noPlace')}
      autoHighlight={false}
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
          name="location"
          label={t('portfolios.form.location')}
          placeholder={t('portfolios.form.locationPlaceholder')}
          required
          inputRef={inputRef}
          error={Boolean(error)}
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
  );
}
