import CheckBoxIcon from '@mui/icons-material/CheckBox';
import CheckBoxOutlineBlankIcon from '@mui/icons-material/CheckBoxOutlineBlank';
import Autocomplete from '@mui/material/Autocomplete';
import Box from '@mui/material/Box';
import TextField from '@mui/material/TextField';
import type { Ref } from 'react';
import { useTranslation } from 'react-i18next';
import type { Option } from '@/lib/api/list-prestations';

interface OptionsMultiSelectProps {
  label: string;
  options: Option[];
  value: number[];
  onChange: (ids: number[]) => void;
  onBlur?: () => void;
  inputRef?: Ref<HTMLInputElement>;
  loading?: boolean;
  error?: string;
  helperText?: string;
  disabled?: boolean;
  /** Whether a choice is needed (the company's services); true unless said otherwise. */
  required?: boolean;
  'data-testid'?: string;
}

/** A multi-select of services or languages: chips for the chosen ones, a checkbox list to pick from. */
export function OptionsMultiSelect({
  label,
  options,
  value,
  onChange,
  onBlur,
  inputRef,
  loading,
  error,
  helperText,
  disabled,
  required = true,
  ...rest
}: OptionsMultiSelectProps) {
  const { t } = useTranslation();
  const selected = options.filter((option) => value.includes(option.id));
  return (
    <Autocomplete<Option, true, false, false>
      multiple
      disableCloseOnSelect
      options={options}
      value={selected}
      onChange={(_event, chosen) => onChange(chosen.map((option) => option.id))}
      onBlur={onBlur}
      getOptionLabel={(option) => option.label}
      isOptionEqualToValue={(a, b) => a.id === b.id}
      loading={loading}
      loadingText={t('company.loadingOptions')}
      noOptionsText={t('company.noOptions')}
      disabled={disabled}
      data-testid={rest['data-testid']}
      renderOption={({ key, ...props }, option, { selected: isSelected }) => (
        <Box component="li" key={key} {...props} sx={{ gap: 1 }}>
          {isSelected ? (
            <CheckBoxIcon fontSize="small" color="primary" aria-hidden="true" />
          ) : (
            <CheckBoxOutlineBlankIcon fontSize="small" aria-hidden="true" />
          )}
          {option.label}
        </Box>
      )}
      renderInput={(params) => (
        <TextField
          {...params}
          label={label}
          required={required}
          inputRef={inputRef}
          error={Boolean(error)}
          helperText={error ? t(error) : helperText}
        />
      )}
    />
  );
}
