import { describe, expect, it } from 'vitest';
import {
  addressSchema,
  companyStepSchema,
  detailsSchema,
  servicesPageSchema,
  servicesStepSchema,
  type AddressValues,
} from '@/lib/validation/company-forms';
import { cityRule, normalizePostcode } from '@/lib/validation/address-rules';
import { budgetRule, companyNameRule, creationDateRule, siretInput } from '@/lib/validation/company-rules';
import { completeWebsite, websiteRule } from '@/lib/validation/website-rules';

function issues(result: { success: boolean; error?: { issues: Array<{ path: PropertyKey[]; message: string }> } }) {
  return Object.fromEntries((result.error?.issues ?? []).map((issue) => [issue.path.join('.'), issue.message]));
}

describe('the company name (2-50 letters, digits, spaces and - & \' . , ( ) /)', () => {
  it.each([
    ['Atelier Lumière & Co', null],
    ["L'Atelier (Lyon) / Événements, S.A.R.L.", null],
    ['  AB  ', null],
    ['R2D2 Mariages', null],
    ['', 'validation.required'],
    ['   ', 'validation.required'],
    ['A', 'validation.company_name_invalid'],
    ['a'.repeat(50), null],
    ['a'.repeat(51), 'validation.company_name_invalid'],
    ['Mariages!', 'validation.company_name_invalid'],
    ['Noces@Lyon', 'validation.company_name_invalid'],
  ])('%j -> %s', (value, expected) => {
    expect(companyNameRule(value)).toBe(expected);
  });
});

describe('the creation date (required, real, from 1800, not in the future)', () => {
  const today = '2026-06-15';
  it.each([
    ['2015-06-01', null],
    ['1800-01-01', null],
    ['2026-06-15', null],
    ['', 'validation.required'],
    ['2026-06-16', 'validation.creation_date_invalid_future'],
    ['2099-01-01', 'validation.creation_date_invalid_future'],
    ['1799-12-31', 'validation.creation_date_invalid'],
    ['2023-02-30', 'validation.creation_date_invalid'],
    ['15/06/2020', 'validation.creation_date_invalid'],
  ])('%j -> %s', (value, expected) => {
    expect(creationDateRule(value, today)).toBe(expected);
  });
});

describe('postal codes, per country (the server rules)', () => {
  it.each([
    ['FR', '69002', '69002'],
    ['FR', ' 75 001 ', '75001'],
    ['DE', '10115', '10115'],
    ['IT', '00118', '00118'],
    ['ES', '28001', '28001'],
    ['BE', '1000', '1000'],
    ['PT', '1000001', '1000-001'],
    ['PT', '1000 001', '1000-001'],
    ['GB', 'sw1a1aa', 'SW1A 1AA'],
    ['NL', '1012 ab', '1012 AB'],
  ])('%s %j is valid as %j', (country, raw, normalised) => {
    expect(normalizePostcode(country, raw)).toEqual({ value: normalised, code: null });
  });

  it.each([
    ['FR', ''],
    ['FR', '6900'],
    ['FR', '00123'],
    ['DE', '00123'],
    ['ES', '53001'],
    ['BE', '0999'],
    ['BE', '10000'],
    ['PT', '0100-001'],
    ['GB', 'ABC'],
    ['NL', '1'],
  ])('%s %j is invalid_zipcode', (country, raw) => {
    expect(normalizePostcode(country, raw).code).toBe('validation.invalid_zipcode');
  });
});

describe('the other company rules', () => {
  it('asks for a city of at least 2 characters after trimming', () => {
    expect(cityRule(' L ')).toBe('validation.city_too_short');
    expect(cityRule('Lyon')).toBeNull();
  });

  it('allows an empty website and completes a missing scheme with https', () => {
    expect(websiteRule('')).toBeNull();
    expect(websiteRule('atelier-lumiere.fr')).toBeNull();
    expect(completeWebsite(' atelier-lumiere.fr ')).toBe('https://atelier-lumiere.fr');
    expect(completeWebsite('http://atelier.fr')).toBe('http://atelier.fr');
    expect(websiteRule('not a site')).toBe('validation.website_invalid');
    expect(websiteRule('localhost')).toBe('validation.website_invalid');
    expect(websiteRule('ftp://atelier.fr')).toBe('validation.website_invalid');
  });

  it('keeps digits only in the SIRET, 14 at most', () => {
    expect(siretInput('732 829 320 00074')).toBe('73282932000074');
    expect(siretInput('73282932000074999')).toBe('73282932000074');
    expect(siretInput('abc')).toBe('');
  });

  it('accepts a budget of whole euros from 0, or none', () => {
    expect(budgetRule('')).toBeNull();
    expect(budgetRule('0')).toBeNull();
    expect(budgetRule('2500')).toBeNull();
    expect(budgetRule('-1')).toBe('validation.budget_invalid');
    expect(budgetRule('12.5')).toBe('validation.budget_invalid');
    expect(budgetRule('abc')).toBe('validation.budget_invalid');
  });
});

describe('wizard step 1', () => {
  it('needs a valid name and creation date', () => {
    expect(companyStepSchema.safeParse({ name: 'Atelier Lumière', dateOfCreation: '2015-06-01' }).success).toBe(true);
    expect(issues(companyStepSchema.safeParse({ name: '', dateOfCreation: '' }))).toEqual({
      name: 'validation.required',
      dateOfCreation: 'validation.required',
    });
    expect(issues(companyStepSchema.safeParse({ name: 'A', dateOfCreation: '2999-01-01' }))).toEqual({
      name: 'validation.company_name_invalid',
      dateOfCreation: 'validation.creation_date_invalid_future',
    });
  });
});

describe('wizard step 2 (the address)', () => {
  const lyon: AddressValues = { zipcode: '69001', city: 'Lyon', countryCode: 'FR', latitude: 45.7485, longitude: 4.8467 };

  it('accepts a place picked in the search', () => {
    expect(addressSchema.safeParse(lyon).success).toBe(true);
  });

  it('needs the coordinates of a picked place', () => {
    expect(issues(addressSchema.safeParse({ ...lyon, latitude: null, longitude: null }))).toEqual({
      latitude: 'validation.coordinates_required',
    });
  });

  it("checks the postal code with the country's format, the city and the country", () => {
    expect(issues(addressSchema.safeParse({ ...lyon, zipcode: '1000' }))).toEqual({ zipcode: 'validation.invalid_zipcode' });
    expect(addressSchema.safeParse({ ...lyon, zipcode: '1000', countryCode: 'BE' }).success).toBe(true);
    expect(issues(addressSchema.safeParse({ ...lyon, city: 'L' }))).toEqual({ city: 'validation.city_too_short' });
    expect(issues(addressSchema.safeParse({ ...lyon, countryCode: '' }))).toMatchObject({ countryCode: 'validation.country_required' });
    expect(issues(addressSchema.safeParse({ ...lyon, countryCode: 'US' }))).toMatchObject({ countryCode: 'validation.country_invalid' });
  });
});

describe('wizard step 3 (SIRET, services, languages)', () => {
  const values = { siret: '73282932000074', prestations: [4], langues: [4] };

  it("asks for 14 SIRET digits in France, the country's own number elsewhere, none where there is none", () => {
    expect(servicesStepSchema('FR').safeParse(values).success).toBe(true);
    expect(issues(servicesStepSchema('FR').safeParse({ ...values, siret: '' }))).toEqual({ siret: 'validation.required' });
    expect(issues(servicesStepSchema('FR').safeParse({ ...values, siret: '7328293200007' }))).toEqual({ siret: 'siret.errors.format' });
    expect(issues(servicesStepSchema('BE').safeParse({ ...values, siret: '' }))).toEqual({ siret: 'validation.required' });
    expect(issues(servicesStepSchema('BE').safeParse(values))).toEqual({ siret: 'company_number.errors.be' });
    expect(servicesStepSchema('BE').safeParse({ ...values, siret: '0403.170.701' }).success).toBe(true);
    expect(servicesStepSchema('NL').safeParse({ ...values, siret: '' }).success).toBe(true);
  });

  it('needs at least one service and one language', () => {
    expect(issues(servicesStepSchema('NL').safeParse({ siret: '', prestations: [], langues: [] }))).toEqual({
      prestations: 'validation.prestations_required',
      langues: 'validation.langues_required',
    });
  });
});

describe('the company pages', () => {
  it("details: name and creation date required, website optional, the country's company number", () => {
    const details = { name: 'Atelier', dateOfCreation: '2015-06-01', siret: '', webSite: '' };
    expect(detailsSchema('NL').safeParse(details).success).toBe(true);
    expect(issues(detailsSchema('FR').safeParse(details))).toEqual({ siret: 'validation.required' });
    expect(issues(detailsSchema('IT').safeParse(details))).toEqual({ siret: 'validation.required' });
    expect(issues(detailsSchema('IT').safeParse({ ...details, siret: '00743110158' }))).toEqual({ siret: 'company_number.errors.it' });
    expect(issues(detailsSchema('BE').safeParse({ ...details, siret: '0403170701', webSite: 'nope' }))).toEqual({ webSite: 'validation.website_invalid' });
  });

  it('services: a language, a service, and budgets of whole euros', () => {
    const detail = { prestationId: 4, description: '', budget: '', isDescriptionVisible: true, isBudgetVisible: true };
    expect(servicesPageSchema.safeParse({ langues: [4], prestations: [4], details: [detail] }).success).toBe(true);
    expect(issues(servicesPageSchema.safeParse({ langues: [4], prestations: [4], details: [{ ...detail, budget: '-5' }] }))).toEqual({
      'details.0.budget': 'validation.budget_invalid',
    });
    expect(
      issues(servicesPageSchema.safeParse({ langues: [4], prestations: [4], details: [{ ...detail, description: 'x'.repeat(2001) }] })),
    ).toEqual({ 'details.0.description': 'validation.description_too_long' });
  });
});
