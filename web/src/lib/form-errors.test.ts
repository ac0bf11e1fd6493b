import { describe, expect, it, vi } from 'vitest';
import type { UseFormSetError } from 'react-hook-form';
import { ApiError } from '@/lib/api-error';
import { applyFieldErrors, hasFieldErrors } from '@/lib/form-errors';

interface Values {
  email: string;
  terms: boolean;
  details: { description: string }[];
}

const known = new Set(['validation.email', 'validation.password_policy', 'form.validation.required', 'validation.required']);
const i18n = { exists: (key: string) => known.has(key) };

function refusal(fields: Record<string, string>): ApiError {
  return new ApiError(400, 'errors.validation', 'Some fields are not valid.', fields);
}

function setErrorSpy() {
  return vi.fn<UseFormSetError<Values>>();
}

describe('applyFieldErrors', () => {
  it('puts each known code under its field and falls back for codes without a text', () => {
    const setError = setErrorSpy();
    const applied = applyFieldErrors<Values>(refusal({ email: 'validation.email', terms: 'validation.unheard_of' }), setError, {
      targets: ['email', 'terms'],
      i18n,
      fallbackKey: 'form.invalid',
    });
    expect(applied).toEqual({ placed: 2, unplaced: [] });
    expect(setError.mock.calls).toEqual([
      ['email', { type: 'server', message: 'validation.email' }, { shouldFocus: false }],
      ['terms', { type: 'server', message: 'form.invalid' }, { shouldFocus: false }],
    ]);
  });

  it('maps the server names with a table and reports the names it has no place for', () => {
    const setError = setErrorSpy();
    const applied = applyFieldErrors<Values>(refusal({ tosIsAccepted: 'validation.required', locale: 'validation.required' }), setError, {
      targets: { tosIsAccepted: 'terms', email: 'email' },
      i18n,
      fallbackKey: 'form.invalid',
    });
    expect(applied).toEqual({ placed: 1, unplaced: ['locale'] });
    expect(setError).toHaveBeenCalledWith('terms', { type: 'server', message: 'validation.required' }, { shouldFocus: false });
  });

  it('does not take inherited names of a table for fields', () => {
    const setError = setErrorSpy();
    const applied = applyFieldErrors<Values>(refusal({ toString: 'validation.required' }), setError, {
      targets: { email: 'email' },
      i18n,
      fallbackKey: 'form.invalid',
    });
    expect(applied).toEqual({ placed: 0, unplaced: ['toString'] });
    expect(setError).not.toHaveBeenCalled();
  });

  it('maps the server names with a function', () => {
    const setError = setErrorSpy();
    const applied = applyFieldErrors<Values>(refusal({ 'prestationDetails.1.description': 'validation.required', other: 'validation.required' }), setError, {
      targets: (name) => {
        const match = /^prestationDetails\.(\d+)\.description$/.exec(name);
        return match ? (`details.${Number(match[1])}.description` as const) : null;
      },
      i18n,
      fallbackKey: 'form.invalid',
    });
    expect(applied).toEqual({ placed: 1, unplaced: ['other'] });
    expect(setError).toHaveBeenCalledWith('details.1.description', { type: 'server', message: 'validation.required' }, { shouldFocus: false });
  });

  it('focuses only the first field placed, in the order the server sent them', () => {
    const setError = setErrorSpy();
    applyFieldErrors<Values>(refusal({ unknown: 'validation.required', terms: 'validation.required', email: 'validation.email' }), setError, {
      targets: ['email', 'terms'],
      i18n,
      fallbackKey: 'form.invalid',
      shouldFocus: true,
    });
    expect(setError.mock.calls.map(([name, , options]) => [name, options])).toEqual([
      ['terms', { shouldFocus: true }],
      ['email', { shouldFocus: false }],
    ]);
  });

  it('tries the message keys in order: the form wording first, then the shared one', () => {
    const setError = setErrorSpy();
    const keysFor = (code: string) => [code.replace(/^validation\./, 'form.validation.'), code];
    applyFieldErrors<Values>(refusal({ email: 'validation.email', terms: 'validation.required' }), setError, {
      targets: ['email', 'terms'],
      i18n,
      fallbackKey: 'form.invalid',
      keysFor,
    });
    expect(setError.mock.calls.map(([name, error]) => [name, error.message])).toEqual([
      ['email', 'validation.email'],
      ['terms', 'form.validation.required'],
    ]);
  });

  it('reads the password policy code as the policy text by default', () => {
    const setError = setErrorSpy();
    applyFieldErrors<Values>(refusal({ email: 'validation.password_requirements' }), setError, { targets: ['email'], i18n, fallbackKey: 'form.invalid' });
    expect(setError).toHaveBeenCalledWith('email', { type: 'server', message: 'validation.password_policy' }, { shouldFocus: false });
  });

  it('places nothing for a failure that is not a refusal of the server', () => {
    const setError = setErrorSpy();
    expect(applyFieldErrors<Values>(new Error('boom'), setError, { targets: ['email'], i18n, fallbackKey: 'form.invalid' })).toEqual({
      placed: 0,
      unplaced: [],
    });
    expect(setError).not.toHaveBeenCalled();
  });
});

describe('hasFieldErrors', () => {
  it('says whether the refusal named one of the fields', () => {
    expect(hasFieldErrors(refusal({ email: 'validation.email' }), ['terms', 'email'])).toBe(true);
    expect(hasFieldErrors(refusal({ email: 'validation.email' }), ['terms'])).toBe(false);
    expect(hasFieldErrors(new Error('boom'), ['email'])).toBe(false);
  });
});
