import { set, type FieldErrors, type Resolver } from 'react-hook-form';
import { stepErrors, type VenueFormValues } from '@/features/venues/venue-form';

/** The validation of one step of the form, for react-hook-form: only that step's fields are checked. */
export function stepResolver(step: number): Resolver<VenueFormValues> {
  return (values) => {
    const found = stepErrors(step, values);
    if (Object.keys(found).length === 0) return { values, errors: {} };
    const errors: FieldErrors<VenueFormValues> = {};
    for (const [path, message] of Object.entries(found)) set(errors, path, { type: 'validation', message });
    return { values: {}, errors };
  };
}
