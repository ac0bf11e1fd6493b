import { describe, expect, it } from 'vitest';
import { companyNumberIssue, hasCompanyNumber } from '@/lib/validation/company-numbers';

// The same numbers as internal/validate/company_number_test.go: the browser
// and the server must agree on each.
const VALID: [string, string][] = [
  ['FR', '732 829 320 00074'],
  ['FR', '35600000000051'],
  ['BE', '0403.170.701'],
  ['BE', 'BE 0403 199 702'],
  ['BE', '403199702'],
  ['BE', '1000.000.021'],
  ['GB', '00445790'],
  ['GB', 'sc 123456'],
  ['GB', 'R0000123'],
  ['DE', 'DE 136 695 976'],
  ['DE', 'HRB 12345'],
  ['DE', 'HRB12345 B'],
  ['DE', 'hra 007'],
  ['DE', 'Amtsgericht München HRB 86786'],
  ['DE', 'HRB 4711, AG Charlottenburg (Berlin)'],
  ['IT', '00743110157'],
  ['IT', 'IT 07643520567'],
  ['ES', 'A28015865'],
  ['ES', 'ES-B12345674'],
  ['ES', 'Q2826000H'],
  ['ES', '12.345.678-z'],
  ['ES', 'X1234567L'],
  ['ES', 'G1234567D'],
  ['PT', '501964843'],
  ['PT', 'PT 500 100 144'],
  ['PT', '451234561'],
];

const INVALID: [string, string][] = [
  ['FR', '73282932000075'],
  ['BE', '0403170702'],
  ['BE', '2403170701'],
  ['BE', '04031707011'],
  ['GB', '0044579'],
  ['GB', 'XX123456'],
  ['DE', 'DE136695977'],
  ['DE', 'HRC 12345'],
  ['DE', 'HRB 0'],
  ['DE', 'HRB 12345, München'],
  ['DE', 'Landgericht Köln HRB 12345'],
  ['IT', '00743110158'],
  ['IT', '00000000000'],
  ['ES', 'A28015866'],
  ['ES', 'A2801586F'],
  ['ES', 'Q28260008'],
  ['ES', '12345678A'],
  ['ES', 'I12345674'],
  ['PT', '501964844'],
  ['PT', '412345678'],
];

describe('company numbers', () => {
  it.each(VALID)('%s accepts %s', (country, value) => {
    expect(companyNumberIssue(country, value)).toBeNull();
  });

  it.each(INVALID)('%s refuses %s with its own message', (country, value) => {
    expect(companyNumberIssue(country, value)).toBe(country === 'FR' ? 'siret.errors.format' : `company_number.errors.${country.toLowerCase()}`);
  });

  it('asks for a number only where the country has one', () => {
    expect(companyNumberIssue('BE', ' ')).toBe('validation.required');
    expect(companyNumberIssue('NL', '')).toBeNull();
    expect(hasCompanyNumber('NL')).toBe(false);
    expect(['FR', 'BE', 'GB', 'DE', 'IT', 'ES', 'PT'].every(hasCompanyNumber)).toBe(true);
  });
});
