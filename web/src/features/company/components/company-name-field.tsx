import TextField from '@mui/material/TextField';
import { Controller, type Control, type FieldPathByValue, type FieldValues } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { COMPANY_NAME_MAX } from '@/lib/validation/company-rules';

interface CompanyNameFieldProps<T extends FieldValues> {
  control: Control<T>;
  name: FieldPathByValue<T, string>;
  disabled?: boolean;
}

/** The company name (wizard step 1, details page). Left empty it only keeps the button disabled (part 1 §5): no message. */
export function CompanyNameField<T extends FieldValues>({ control, name, disabled }: CompanyNameFieldProps<T>) {
  const { t } = useTranslation();
  return (
    <Controller
      control={control}
      name={name}
      render={({ field, fieldState }) => {
        const error = fieldState.error?.message;
        const shown = error && error !== 'validation.required' ? error : undefined;
        return (
          <TextField
            name={field.name}
            value={field.value as string}
            onChange={(event) => field.onChange(event.target.value)}
            onBlur={field.onBlur}
            inputRef={field.ref}
            label={t('company.details.name')}
            required
            fullWidth
            disabled={disabled}
            autoComplete="organization"
            error={Boolean(shown)}
            helperText={shown ? t(shown) : t('company.details.nameHint')}
            slotProps={{ htmlInput: { maxLength: COMPANY_NAME_MAX + 10 } }}
          />
        );
      }}
    />
  );
}
