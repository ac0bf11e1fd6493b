import PlaceOutlinedIcon from '@mui/icons-material/PlaceOutlined';
import Autocomplete from '@mui/material/Autocomplete';
import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState, type ReactNode, type Ref } from 'react';
import { useTranslation } from 'react-i18next';
import { useAddressSearch } from '@/lib/api/search-address';
import { ADDRESS_SEARCH_DEBOUNCE_MS, ADDRESS_SEARCH_MIN_CHARS, placeDetail, placeLabel, type Place } from '@/lib/places';
import { useDebouncedValue } from '@/lib/use-debounced-value';

/** The list's texts, in the words of the form around the field. */
export interface PlaceSearchMessages {
  searching: string;
  noPlace: string;
  /** Shown while the text is shorter than the search needs; noPlace without it. */
  minChars?: string;
  /** Shown when the search failed; noPlace without it. */
  failed?: string;
}

interface PlaceSearchFieldProps {
  /** The place shown as picked; always null with `text`. */
  value: Place | null;
  /** A place picked in the list, or null when the field is cleared. */
  onChange: (place: Place | null) => void;
  /**
   * Free text around the search (a wedding's place: a venue's name may be
   * typed around the town): the text is the caller's, and no place need be picked.
   */
  text?: { value: string; onChange: (text: string) => void };
  label: string;
  placeholder: string;
  helperText: ReactNode;
  messages: PlaceSearchMessages;
  error?: boolean;
  required?: boolean;
  disabled?: boolean;
  name?: string;
  inputRef?: Ref<HTMLInputElement>;
  onBlur?: () => void;
  'data-testid'?: string;
}

const placeKey = (place: Place) => `${place.countrycode}-${place.zipcode}-${place.city}-${place.lat}-${place.lng}`;

/**
 * The address search (GET /api/address/search) as one field: it asks once
 * the text has two characters and the typing paused (300 ms), lists each
 * place with its postcode and country, and hands the picked place to the
 * form, which fills its own fields from it.
 */
export function PlaceSearchField({ value, onChange, text, label, placeholder, helperText, messages, error, required, disabled, name, inputRef, onBlur, ...rest }: PlaceSearchFieldProps) {
  const { i18n } = useTranslation();
  const [ownInput, setOwnInput] = useState('');
  const [query, setQuery] = useState('');
  const debounced = useDebouncedValue(query.trim(), ADDRESS_SEARCH_DEBOUNCE_MS);
  const places = useAddressSearch(debounced, i18n.language);
  const searchable = debounced.length >= ADDRESS_SEARCH_MIN_CHARS;
  const loading = searchable && (places.isFetching || query.trim() !== debounced);
  const noOptionsText =
    query.trim().length < ADDRESS_SEARCH_MIN_CHARS ? (messages.minChars ?? messages.noPlace) : places.isError ? (messages.failed ?? messages.noPlace) : messages.noPlace;

  return (
    <Autocomplete<Place, false, false, boolean>
      freeSolo={text !== undefined}
      options={searchable && places.data ? places.data : []}
      value={value}
      inputValue={text ? text.value : ownInput}
      onInputChange={(_event, typed, reason) => {
        if (text) {
          // Picking a place writes its town into the text (onChange): the reset that follows is not typing.
          if (reason === 'reset') return;
          setQuery(typed);
          text.onChange(typed);
          return;
        }
        setOwnInput(typed);
        if (reason === 'input' || reason === 'clear') setQuery(typed);
      }}
      onChange={(_event, place) => {
        // Free text entered as such, or cleared, stays the caller's text.
        if (typeof place === 'string' || (place === null && text)) return;
        onChange(place);
      }}
      onBlur={onBlur}
      filterOptions={(options) => options}
      getOptionLabel={(option) => (typeof option === 'string' ? option : placeLabel(option))}
      getOptionKey={(option) => (typeof option === 'string' ? option : placeKey(option))}
      isOptionEqualToValue={(a, b) => (typeof a === 'string' || typeof b === 'string' ? a === b : placeKey(a) === placeKey(b))}
      loading={loading}
      disabled={disabled}
      noOptionsText={noOptionsText}
      loadingText={messages.searching}
      autoHighlight={text === undefined}
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
          name={name}
          label={label}
          placeholder={placeholder}
          required={required}
          inputRef={inputRef}
          error={error}
          helperText={helperText}
          slotProps={{
            ...params.slotProps,
            htmlInput: { ...params.slotProps.htmlInput, 'data-testid': rest['data-testid'] },
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
