import FormControl from '@mui/material/FormControl';
import FormHelperText from '@mui/material/FormHelperText';
import InputLabel from '@mui/material/InputLabel';
import OutlinedInput, { type OutlinedInputProps } from '@mui/material/OutlinedInput';
import { forwardRef, useId, type ReactNode } from 'react';

export interface TextInputProps extends Omit<OutlinedInputProps, 'label' | 'error'> {
  label: string;
  helperText?: ReactNode;
  error?: boolean;
}

/**
 * An outlined text field. Same look as MUI's TextField, without the Select
 * machinery TextField always pulls in (menus, popovers, modals), so the
 * sign-in page stays light.
 */
export const TextInput = forwardRef<HTMLInputElement, TextInputProps>(function TextInput(
  { label, helperText, error, required, fullWidth, id, ...inputProps },
  ref,
) {
  const generated = useId();
  const inputId = id ?? generated;
  const helperId = helperText ? `${inputId}-helper` : undefined;
  const describedBy = [helperId, inputProps['aria-describedby']].filter(Boolean).join(' ') || undefined;
  return (
    <FormControl variant="outlined" error={error} required={required} fullWidth={fullWidth}>
      <InputLabel htmlFor={inputId}>{label}</InputLabel>
      <OutlinedInput
        {...inputProps}
        id={inputId}
        inputRef={ref}
        label={label}
        aria-describedby={describedBy}
      />
      {helperText && <FormHelperText id={helperId}>{helperText}</FormHelperText>}
    </FormControl>
  );
});
