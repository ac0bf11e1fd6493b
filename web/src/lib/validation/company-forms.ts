import { z } from 'zod/mini';
import { EUROPEAN_COUNTRIES, HOME_COUNTRY } from '@/lib/countries';
import { companyNumberIssue } from '@/lib/validation/company-numbers';
import { cityRule, coordinatesRule, countryRule, postcodeRule } from '@/lib/validation/address-rules';
import { budgetRule, companyNameRule, creationDateRule, descriptionRule, SIRET_LENGTH } from '@/lib/validation/company-rules';
import { websiteRule } from '@/lib/validation/website-rules';
import { ruled } from '@/lib/validation/zod-rules';

/**
 * The forms of the onboarding wizard and of the company pages (part 1 §2, §5).
 * Messages are the dictionary keys of the server's codes.
 */

// zod/mini's custom and refine, already in the sign-in page's bundle, rather than
// array/number/nullable, which would all weigh on the first page's shared chunk.
const numberOrNull = z.custom<number | null>((value) => value === null || typeof value === 'number');
const id = z.custom<number>((value) => typeof value === 'number');
function ids(error: string) {
  return z.custom<number[]>((value) => Array.isArray(value)).check(z.refine((value) => value.length > 0, { error }));
}

/** Wizard step 1 (and part of the details page): the company name and its creation date. */
export const companyStepSchema = z.object({
  name: ruled(companyNameRule),
  dateOfCreation: ruled((value) => creationDateRule(value)),
});

export type CompanyStepValues = z.input<typeof companyStepSchema>;

/** Wizard step 2 and the address page: the address; the coordinates come from a place picked in the search. */
export const addressSchema = z
  .object({
    zipcode: z.string(),
    city: ruled(cityRule),
    countryCode: ruled((value) => countryRule(value, EUROPEAN_COUNTRIES)),
    latitude: numberOrNull,
    longitude: numberOrNull,
  })
  .check(
    z.superRefine((values, ctx) => {
      const zip = postcodeRule(values.countryCode, values.zipcode);
      if (zip) ctx.addIssue({ code: 'custom', message: zip, path: ['zipcode'], input: values });
      const coordinates = coordinatesRule(values.latitude, values.longitude);
      if (coordinates) ctx.addIssue({ code: 'custom', message: coordinates, path: ['latitude'], input: values });
    }),
  );

export type AddressValues = z.input<typeof addressSchema>;

const SIRET = new RegExp(`^\\d{${SIRET_LENGTH}}$`);

/** The SIRET in France (checked by the register afterwards), the country's own number elsewhere. */
function siretIssue(siret: string, countryCode: string): string | null {
  if (countryCode !== HOME_COUNTRY) return companyNumberIssue(countryCode, siret);
  if (siret === '') return 'validation.required';
  return SIRET.test(siret) ? null : 'siret.errors.format';
}

/** Wizard step 3: the company number (SIRET in France, the country's own elsewhere, none in the other countries), at least one service and one language. */
export function servicesStepSchema(countryCode: string) {
  return z
    .object({
      siret: z.string(),
      prestations: ids('validation.prestations_required'),
      langues: ids('validation.langues_required'),
    })
    .check(
      z.superRefine((values, ctx) => {
        const issue = siretIssue(values.siret, countryCode);
        if (issue) ctx.addIssue({ code: 'custom', message: issue, path: ['siret'], input: values });
      }),
    );
}

export type ServicesStepValues = z.input<ReturnType<typeof servicesStepSchema>>;

/** The details page: name and creation date required, the company number where the country has one, website optional. */
export function detailsSchema(countryCode: string) {
  return z
    .object({
      name: ruled(companyNameRule),
      dateOfCreation: ruled((value) => creationDateRule(value)),
      siret: z.string(),
      webSite: ruled(websiteRule),
    })
    .check(
      z.superRefine((values, ctx) => {
        const issue = siretIssue(values.siret, countryCode);
        if (issue) ctx.addIssue({ code: 'custom', message: issue, path: ['siret'], input: values });
      }),
    );
}

export type DetailsValues = z.input<ReturnType<typeof detailsSchema>>;

/** One chosen service's public details on the services page. */
export const serviceDetailSchema = z.object({
  prestationId: id,
  description: ruled(descriptionRule),
  budget: ruled(budgetRule),
  isDescriptionVisible: z.boolean(),
  isBudgetVisible: z.boolean(),
});

export type ServiceDetailValues = z.input<typeof serviceDetailSchema>;

/** The services page: at least one language and one service, each with its details. */
export const servicesPageSchema = z.object({
  langues: ids('validation.langues_required'),
  prestations: ids('validation.prestations_required'),
  details: z.custom<ServiceDetailValues[]>((value) => Array.isArray(value)).check(
    z.superRefine((details, ctx) => {
      details.forEach((detail, index) => {
        const result = serviceDetailSchema.safeParse(detail);
        for (const issue of result.error?.issues ?? []) {
          ctx.addIssue({ code: 'custom', message: issue.message, path: [index, ...issue.path], input: detail });
        }
      });
    }),
  ),
});

export type ServicesPageValues = z.input<typeof servicesPageSchema>;
