import InputAdornment from '@mui/material/InputAdornment';
import TextField from '@mui/material/TextField';
import type { ReactNode } from 'react';
import { Controller, type FieldPath, type FieldValues, type UseFormReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { trimmedBlur } from '@/features/venues/components/trimmed-blur';

interface TextControlProps<T extends FieldValues> {
  form: UseFormReturn<T>;
  name: FieldPath<T>;
  label: string;
  placeholder?: string;
  required?: boolean;
  disabled?: boolean;
  multiline?: boolean;
  minRows?: number;
  hint?: ReactNode;
  numeric?: boolean;
  /** A unit shown after the value (the currency of prices). */
  unit?: string;
  maxLength?: number;
  type?: string;
  autoComplete?: string;
}

/** A text field of the venue forms: its message (a dictionary key) under it, trimmed on blur. */
export function TextControl<T extends FieldValues>({ form, name, label, placeholder, required, disabled, multiline, minRows, hint, numeric, unit, maxLength, type, autoComplete }: TextControlProps<T>) {
  const { t } = useTranslation();
  return (
    <Controller
      control={form.control}
      name={name}
      render={({ field, fieldState }) => (
        <TextField
          {...field}
          onChange={(event) => {
            field.onChange(event);
            // A field refused by Next says when it is right again, before it is left.
            if (fieldState.error) void form.trigger(name);
          }}
          onBlur={trimmedBlur(form, field)}
          label={label}
          placeholder={placeholder}
          required={required}
          disabled={disabled}
          multiline={multiline}
          minRows={minRows}
          type={type}
          autoComplete={autoComplete}
          error={Boolean(fieldState.error)}
          helperText={fieldState.error?.message ? t(fieldState.error.message) : hint}
          slotProps={{
            htmlInput: { ...(numeric ? { inputMode: 'numeric' as const } : {}), ...(maxLength ? { maxLength } : {}) },
            ...(unit ? { input: { endAdornment: <InputAdornment position="end">{unit}</InputAdornment> } } : {}),
          }}
        />
      )}
    />
  );
}
