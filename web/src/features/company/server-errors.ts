/**
 * Where each field error of POST /api/onboarding/finish belongs: the wizard
 * step and the form field (keys like company.name, company.address.zipcode,
 * siret). Unknown keys go nowhere.
 */
interface StepFields {
  0: 'name' | 'dateOfCreation';
  1: 'zipcode' | 'city' | 'countryCode' | 'latitude';
  2: 'siret' | 'prestations' | 'langues';
}

type WizardField = { [S in keyof StepFields]: { step: S; field: StepFields[S] } }[keyof StepFields];

/** The field of the given step that a key names, or null when the key belongs to another step or none. */
export function wizardField<S extends keyof StepFields>(key: string, step: S): StepFields[S] | null {
  const target = wizardTarget(key);
  if (!target || target.step !== step) return null;
  return target.field as StepFields[S];
}

function wizardTarget(key: string): WizardField | null {
  const name = key.replace(/^company\./, '');
  switch (name) {
    case 'name':
    case 'dateOfCreation':
      return { step: 0, field: name };
    case 'address.zipcode':
      return { step: 1, field: 'zipcode' };
    case 'address.city':
      return { step: 1, field: 'city' };
    case 'address.countryCode':
      return { step: 1, field: 'countryCode' };
    case 'address.latitude':
    case 'address.longitude':
      return { step: 1, field: 'latitude' };
    case 'siret':
    case 'prestations':
    case 'langues':
      return { step: 2, field: name };
    default:
      return null;
  }
}
