import TextField from '@mui/material/TextField';
import { Controller, type Control, type FieldPathByValue, type FieldValues } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { OLDEST_CREATION_YEAR, todayIso } from '@/lib/validation/company-rules';

interface CreationDateFieldProps<T extends FieldValues> {
  control: Control<T>;
  name: FieldPathByValue<T, string>;
  disabled?: boolean;
}

/** The company's creation date (wizard step 1, details page): the browser's date picker, sent as YYYY-MM-DD. */
export function CreationDateField<T extends FieldValues>({ control, name, disabled }: CreationDateFieldProps<T>) {
  const { t } = useTranslation();
  return (
    <Controller
      control={control}
      name={name}
      render={({ field, fieldState }) => (
        <TextField
          type="date"
          name={field.name}
          value={field.value as string}
          onChange={(event) => field.onChange(event.target.value)}
          onBlur={field.onBlur}
          inputRef={field.ref}
          label={t('company.details.dateOfCreation')}
          required
          fullWidth
          disabled={disabled}
          error={Boolean(fieldState.error)}
          helperText={fieldState.error?.message ? t(fieldState.error.message) : t('company.details.dateOfCreationHint')}
          slotProps={{
            inputLabel: { shrink: true },
            htmlInput: { min: `${OLDEST_CREATION_YEAR}-01-01`, max: todayIso() },
          }}
        />
      )}
    />
  );
}
