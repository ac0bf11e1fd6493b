import type { FieldPath, FieldValues, UseFormReturn } from 'react-hook-form';

/**
 * Part 2 §5: text fields are trimmed when left. The field's blur handler
 * that writes the trimmed text back (validated) before marking it touched.
 */
export function trimmedBlur<T extends FieldValues>(form: UseFormReturn<T>, field: { name: FieldPath<T>; value: unknown; onBlur: () => void }) {
  return () => {
    if (typeof field.value === 'string' && field.value.trim() !== field.value) {
      form.setValue(field.name, field.value.trim() as never, { shouldValidate: true, shouldDirty: true });
    }
    field.onBlur();
  };
}
