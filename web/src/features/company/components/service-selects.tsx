import { Controller, type Control, type FieldPathByValue, type FieldValues } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { CompanyOptions } from '@/features/company/hooks/use-company-options';
import { OptionsMultiSelect } from '@/components/ui/options-multi-select';

interface ServiceSelectProps<T extends FieldValues> {
  control: Control<T>;
  name: FieldPathByValue<T, number[]>;
  /** The services offered (prestations) or the languages spoken (langues). */
  kind: 'prestations' | 'langues';
  options: CompanyOptions;
  disabled?: boolean;
  /** Called with the ids chosen, after the form has them (the services page keeps each service's details). */
  onChosen?: (ids: number[]) => void;
}

/** The company's services or languages (wizard step 3, services page): the multi-select of part 1 §2 with its hint. */
export function ServiceSelect<T extends FieldValues>({ control, name, kind, options, disabled, onChosen }: ServiceSelectProps<T>) {
  const { t } = useTranslation();
  const prestations = kind === 'prestations';
  return (
    <Controller
      control={control}
      name={name}
      render={({ field, fieldState }) => (
        <OptionsMultiSelect
          label={t(`company.services.${kind}`)}
          options={prestations ? options.prestations : options.langues}
          loading={prestations ? options.loadingPrestations : options.loadingLangues}
          value={field.value as number[]}
          onChange={(ids) => {
            field.onChange(ids);
            onChosen?.(ids);
          }}
          onBlur={field.onBlur}
          inputRef={field.ref}
          error={fieldState.error?.message}
          helperText={t(`company.services.${kind}Hint`)}
          disabled={disabled}
          data-testid={`${kind}-select`}
        />
      )}
    />
  );
}
