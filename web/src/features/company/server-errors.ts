import type { i18n as I18n } from 'i18next';
import { fieldMessageKey } from '@/lib/validation/rules';

/** The dictionary key for a server field code, or a generic "not valid" when the code is unknown here. */
export function fieldErrorKey(code: string, i18n: Pick<I18n, 'exists'>): string {
  const key = fieldMessageKey(code);
  return i18n.exists(key) ? key : 'company.errors.invalidField';
}

/**
 * Where each field error of POST /api/onboarding/finish belongs: the wizard
 * step and the form field (keys like company.name, company.address.zipcode,
 * siret). Unknown keys go nowhere.
 */
export type WizardField =
  | { step: 0; field: 'name' | 'dateOfCreation' }
  | { step: 1; field: 'zipcode' | 'city' | 'countryCode' | 'latitude' }
  | { step: 2; field: 'siret' | 'prestations' | 'langues' };

export function wizardField(key: string): WizardField | null {
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
