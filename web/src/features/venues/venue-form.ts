import type { Venue, VenueFeatures } from '@/features/venues/api/get-venue';
import { isApiError } from '@/lib/api-error';
import { EUROPEAN_COUNTRIES } from '@/lib/countries';
import { cityRule, coordinatesRule, countryRule, postcodeRule } from '@/lib/validation/address-rules';
import { completeWebsite, websiteRule } from '@/lib/validation/website-rules';
import { charCount } from '@/lib/validation/password-strength';
import { isCountryCode, phoneRule, splitPhone, toE164, type CountryCode } from '@/lib/validation/phone';
import { emailRule } from '@/lib/validation/rules';
import { normaliseSocial } from '@/lib/social-url';
import { parseVideoLink, VIDEO_DESCRIPTION_MAX, VIDEO_TITLE_MAX, VIDEO_TITLE_MIN } from '@/lib/video-link';

/**
 * The venue wizard's model (part 2 §4 and §5): the values of its six steps,
 * each step's rules as the server checks them (api/openapi.yaml VenueForm),
 * and the mapping to the multipart form of POST /api/venues. Every message
 * is a dictionary key.
 */

/** The 25 features of part 2 plus wifi, in the order the wizard shows them (model.VenueFeatures). */
export const FEATURES = [
  'ceremonyAndReception',
  'receptionVenue',
  'weddingLicense',
  'outdoorCeremony',
  'garden',
  'parking',
  'wheelchairAccessible',
  'bridalSuite',
  'catering',
  'bar',
  'seaView',
  'mountainView',
  'cityView',
  'confettiAllowed',
  'openFlameAllowed',
  'petsAllowed',
  'soundSystem',
  'lighting',
  'danceFloor',
  'tables',
  'chairs',
  'linens',
  'china',
  'glassware',
  'flatware',
  'wifi',
] as const satisfies readonly (keyof VenueFeatures)[];

export type Feature = (typeof FEATURES)[number];

/** The features in the wizard's groups, so 26 switches read as four short lists. */
export const FEATURE_GROUPS: readonly { id: string; features: readonly Feature[] }[] = [
  { id: 'ceremony', features: ['ceremonyAndReception', 'receptionVenue', 'weddingLicense', 'outdoorCeremony', 'confettiAllowed', 'openFlameAllowed'] },
  { id: 'setting', features: ['garden', 'seaView', 'mountainView', 'cityView', 'petsAllowed'] },
  { id: 'comfort', features: ['parking', 'wheelchairAccessible', 'bridalSuite', 'catering', 'bar', 'wifi'] },
  { id: 'equipment', features: ['soundSystem', 'lighting', 'danceFloor', 'tables', 'chairs', 'linens', 'china', 'glassware', 'flatware'] },
];

export const NAME_MIN = 2;
export const NAME_MAX = 100;
export const ADDRESS_MAX = 255;
export const DESCRIPTION_MIN = 20;
export const DESCRIPTION_MAX = 500;
export const DETAILED_DESCRIPTION_MAX = 5000;
export const CAPACITY_MAX = 100_000;
export const PRICE_MAX = 10_000_000;
export const BEDROOMS_MAX = 10_000;
export const CONTACT_MAX = 100;
export const DETAIL_DESCRIPTION_MIN = 10;
export const DETAIL_DESCRIPTION_MAX = 2000;
export const IMAGE_TEXT_MAX = { alt: 150, title: 100, description: 1000, caption: 200 } as const;

export interface DetailValues {
  id?: string;
  description: string;
  budgetStartingFrom: string;
  isDescriptionVisible: boolean;
  isBudgetVisible: boolean;
}

export interface VideoValues {
  id?: string;
  link: string;
  title: string;
  description: string;
  status: boolean;
}

export interface VenueFormValues {
  name: string;
  type: string;
  email: string;
  phoneCountry: string;
  phone: string;
  address: string;
  zipcode: string;
  city: string;
  countryCode: string;
  latitude: number | null;
  longitude: number | null;
  website: string;
  snFacebook: string;
  snInstagram: string;
  contactName: string;
  contactRole: string;
  description: string;
  detailedDescription: string;
  seatedCapacity: string;
  standingCapacity: string;
  bedrooms: string;
  minPrice: string;
  maxPrice: string;
  features: Record<Feature, boolean>;
  prestations: string[];
  details: Record<string, DetailValues>;
  videos: VideoValues[];
}

/** A photo chosen in the wizard, sent with the venue's form. */
export interface PendingImage {
  key: string;
  file: File;
  alt: string;
  title: string;
  description: string;
  caption: string;
  isKeyImage: boolean;
  isVisible: boolean;
  /** The refusal of the browser's checks or of the server (a dictionary key). */
  error?: string;
}

const noFeatures = () => Object.fromEntries(FEATURES.map((feature) => [feature, false])) as Record<Feature, boolean>;

export function emptyDetail(): DetailValues {
  return { description: '', budgetStartingFrom: '', isDescriptionVisible: true, isBudgetVisible: true };
}

/** The wizard's values for a venue, or for a new one (the phone country follows the interface's country). */
export function formValues(venue?: Venue, homeCountry: CountryCode = 'FR'): VenueFormValues {
  if (!venue) {
    return {
      name: '',
      type: '',
      email: '',
      phoneCountry: homeCountry,
      phone: '',
      address: '',
      zipcode: '',
      city: '',
      countryCode: '',
      latitude: null,
      longitude: null,
      website: '',
      snFacebook: '',
      snInstagram: '',
      contactName: '',
      contactRole: '',
      description: '',
      detailedDescription: '',
      seatedCapacity: '',
      standingCapacity: '',
      bedrooms: '',
      minPrice: '',
      maxPrice: '',
      features: noFeatures(),
      prestations: [],
      details: {},
      videos: [],
    };
  }
  const phone = splitPhone(venue.phone, isCountryCode(venue.countryCode) ? venue.countryCode : homeCountry);
  const features = noFeatures();
  for (const feature of FEATURES) features[feature] = venue.features[feature] === true;
  const details: Record<string, DetailValues> = {};
  for (const detail of venue.prestationDetails) {
    details[detail.title] = {
      id: detail.id,
      description: detail.description,
      budgetStartingFrom: String(detail.budgetStartingFrom),
      isDescriptionVisible: detail.isDescriptionVisible,
      isBudgetVisible: detail.isBudgetVisible,
    };
  }
  const count = (n: number) => (n > 0 ? String(n) : '');
  return {
    name: venue.name,
    type: venue.type,
    email: venue.email,
    phoneCountry: phone.country,
    phone: phone.national,
    address: venue.address,
    zipcode: venue.zipcode,
    city: venue.city,
    countryCode: venue.countryCode,
    latitude: venue.latitude ?? null,
    longitude: venue.longitude ?? null,
    website: venue.website,
    snFacebook: venue.snFacebook,
    snInstagram: venue.snInstagram,
    contactName: venue.contactPerson.name,
    contactRole: venue.contactPerson.role,
    description: venue.description,
    detailedDescription: venue.detailedDescription,
    seatedCapacity: count(venue.seatedCapacity),
    standingCapacity: count(venue.standingCapacity),
    bedrooms: venue.bedrooms === null ? '' : String(venue.bedrooms),
    minPrice: count(venue.minPrice),
    maxPrice: count(venue.maxPrice),
    features,
    prestations: [...venue.prestations],
    details,
    videos: venue.videos.map((video) => ({ id: video.id, link: video.link, title: video.title, description: video.description, status: video.status })),
  };
}

// ---------------------------------------------------------------- rules

type Rule = (value: string) => string | null;

const lengthRule =
  (min: number, max: number, required: string, wrong: string): Rule =>
  (raw) => {
    const n = charCount(raw.trim());
    if (n === 0) return required;
    return n < min || n > max ? wrong : null;
  };

const maxRule =
  (max: number, wrong: string): Rule =>
  (raw) =>
    charCount(raw.trim()) > max ? wrong : null;

/** A whole number from min to max, written in digits; anything else is `code`. */
export function wholeNumberRule(min: number, max: number, code: string): Rule {
  return (raw) => {
    const value = raw.trim();
    if (!/^\d{1,9}$/.test(value)) return code;
    const n = Number(value);
    return n < min || n > max ? code : null;
  };
}

export const nameRule = lengthRule(NAME_MIN, NAME_MAX, 'venues.errors.name_required', 'venues.errors.name_length');
export const typeRule: Rule = (value) => (value.trim() === '' ? 'venues.errors.type_required' : null);
export const descriptionRule = lengthRule(DESCRIPTION_MIN, DESCRIPTION_MAX, 'venues.errors.description_required', 'venues.errors.description_length');
export const detailedDescriptionRule = maxRule(DETAILED_DESCRIPTION_MAX, 'venues.errors.detailed_description_length');
export const seatedCapacityRule = wholeNumberRule(1, CAPACITY_MAX, 'venues.errors.seated_capacity_required');
export const standingCapacityRule = wholeNumberRule(1, CAPACITY_MAX, 'venues.errors.standing_capacity_required');
export const minPriceRule = wholeNumberRule(1, PRICE_MAX, 'venues.errors.min_price_required');
export const maxPriceRule = wholeNumberRule(1, PRICE_MAX, 'venues.errors.max_price_required');
export const contactRule = maxRule(CONTACT_MAX, 'venues.errors.contact_length');
export const detailDescriptionRule = lengthRule(DETAIL_DESCRIPTION_MIN, DETAIL_DESCRIPTION_MAX, 'venues.errors.detail_description_required', 'venues.errors.detail_description_length');
export const detailBudgetRule = wholeNumberRule(1, PRICE_MAX, 'venues.errors.detail_budget_required');

/** Bedrooms are optional: empty, or 0 to 10,000. */
export function bedroomsRule(raw: string): string | null {
  return raw.trim() === '' ? null : wholeNumberRule(0, BEDROOMS_MAX, 'venues.errors.bedrooms_invalid')(raw);
}

export function addressRule(raw: string): string | null {
  const n = charCount(raw.trim());
  if (n === 0) return 'venues.errors.address_required';
  return n > ADDRESS_MAX ? 'venues.errors.address_length' : null;
}

export function socialRule(network: 'facebook' | 'instagram'): Rule {
  return (raw) => (normaliseSocial(network, raw).ok ? null : `venues.errors.invalid_${network}`);
}

/** A video of the wizard: a YouTube or Vimeo link and a title of 5 to 100 characters. */
export function videoLinkRule(raw: string): string | null {
  if (raw.trim() === '') return 'venues.errors.video_link_required';
  return parseVideoLink(raw) ? null : 'venues.errors.video_link_invalid';
}

export const videoTitleRule = lengthRule(VIDEO_TITLE_MIN, VIDEO_TITLE_MAX, 'venues.errors.video_title_required', 'venues.errors.video_title_length');
export const videoDescriptionRule = maxRule(VIDEO_DESCRIPTION_MAX, 'venues.errors.video_description_length');

/** The refusals of one step: form path (dot-separated) to dictionary key. */
type Refusals = Record<string, string>;

function check(out: Refusals, path: string, code: string | null) {
  if (code && !(path in out)) out[path] = code;
}

/** Step 0: the general information (part 2 §5: name, type, email, phone, zipcode, city, country). */
export function generalErrors(v: VenueFormValues): Refusals {
  const out: Refusals = {};
  check(out, 'name', nameRule(v.name));
  check(out, 'type', typeRule(v.type));
  check(out, 'email', emailRule(v.email));
  check(out, 'phone', isCountryCode(v.phoneCountry) ? phoneRule(v.phone, v.phoneCountry) : 'validation.phone_invalid');
  const country = countryRule(v.countryCode, EUROPEAN_COUNTRIES);
  const zipcode = v.zipcode.trim() === '' ? 'validation.required' : country ? null : postcodeRule(v.countryCode, v.zipcode);
  const city = cityRule(v.city);
  // Part 2 §5: a missing zipcode, city or country also flags the address.
  check(out, 'address', addressRule(v.address) ?? (zipcode || city || country ? 'venues.errors.address_incomplete' : null));
  check(out, 'zipcode', zipcode);
  check(out, 'city', city);
  check(out, 'countryCode', country);
  if (v.latitude !== null || v.longitude !== null) check(out, 'latitude', coordinatesRule(v.latitude, v.longitude));
  check(out, 'website', websiteRule(v.website));
  check(out, 'snFacebook', socialRule('facebook')(v.snFacebook));
  check(out, 'snInstagram', socialRule('instagram')(v.snInstagram));
  check(out, 'contactName', contactRule(v.contactName));
  check(out, 'contactRole', contactRule(v.contactRole));
  return out;
}

/** Step 1: description and capacities, each number at least 1, the lowest price at most the highest. */
export function descriptionErrors(v: VenueFormValues): Refusals {
  const out: Refusals = {};
  check(out, 'description', descriptionRule(v.description));
  check(out, 'detailedDescription', detailedDescriptionRule(v.detailedDescription));
  check(out, 'seatedCapacity', seatedCapacityRule(v.seatedCapacity));
  check(out, 'standingCapacity', standingCapacityRule(v.standingCapacity));
  check(out, 'bedrooms', bedroomsRule(v.bedrooms));
  const min = minPriceRule(v.minPrice);
  const max = maxPriceRule(v.maxPrice);
  check(out, 'minPrice', min);
  check(out, 'maxPrice', max ?? (min === null && Number(v.minPrice.trim()) > Number(v.maxPrice.trim()) ? 'venues.errors.price_order' : null));
  return out;
}

/** Step 3: at least one service, and for each chosen one its description and starting budget. */
export function prestationsErrors(v: VenueFormValues): Refusals {
  const out: Refusals = {};
  if (v.prestations.length === 0) check(out, 'prestations', 'venues.errors.prestations_required');
  for (const slug of v.prestations) {
    const detail = v.details[slug] ?? emptyDetail();
    check(out, `details.${slug}.description`, detailDescriptionRule(detail.description));
    check(out, `details.${slug}.budgetStartingFrom`, detailBudgetRule(detail.budgetStartingFrom));
  }
  return out;
}

/** The wizard's steps in order (part 2 §4): 0 general, 1 description, 2 features, 3 prestations, 4 images, 5 videos. */
export const STEPS = ['general', 'description', 'features', 'prestations', 'images', 'videos'] as const;
export type StepId = (typeof STEPS)[number];

const none = (): Refusals => ({});

/**
 * What Next checks on each step; features, images and videos have their own
 * controls. Plain rules rather than zod: the wizard would otherwise split
 * zod's modules into new chunks the sign-in page also downloads
 * (chunk-budget.json), for no rule zod expresses better.
 */
export const STEP_RULES: readonly ((values: VenueFormValues) => Refusals)[] = [generalErrors, descriptionErrors, none, prestationsErrors, none, none];

/** The refusals of a step: field path (dot-separated) to dictionary key, empty when it may be left. */
export function stepErrors(step: number, values: VenueFormValues): Record<string, string> {
  return STEP_RULES[step]?.(values) ?? {};
}

// ---------------------------------------------------------------- images

/** Part 2 §5: a venue photo is JPEG, PNG or WebP, at most 5 MB (the server checks the bytes again). */
export const VENUE_IMAGE_TYPES = ['image/jpeg', 'image/png', 'image/webp'] as const;
export const VENUE_IMAGE_MAX_BYTES = 5 * 1024 * 1024;

/** The browser's check of a chosen photo: null, or the dictionary key of its refusal. */
export function imageProblem(file: Pick<File, 'type' | 'size'>, maxBytes: number = VENUE_IMAGE_MAX_BYTES): string | null {
  if (!(VENUE_IMAGE_TYPES as readonly string[]).includes(file.type)) return 'venues.errors.image_format';
  if (file.size > maxBytes) return 'venues.errors.image_too_large';
  return null;
}

// ---------------------------------------------------------------- multipart

function digits(raw: string): string {
  return raw.trim();
}

/** The values the API stores for the social links: the canonical address, or the text as typed when it is refused (the server says why). */
function social(network: 'facebook' | 'instagram', raw: string): string {
  const result = normaliseSocial(network, raw);
  return result.ok ? result.value : raw.trim();
}

/**
 * The multipart form of POST /api/venues and POST /api/venues/{id}: scalar
 * fields as text, the sets as JSON, and each new photo as images[i][file]
 * with its metadata (i from 0).
 */
export function toFormData(values: VenueFormValues, images: readonly PendingImage[] = []): FormData {
  const form = new FormData();
  const phone = isCountryCode(values.phoneCountry) ? (toE164(values.phone, values.phoneCountry) ?? values.phone.trim()) : values.phone.trim();
  const scalars: Record<string, string> = {
    name: values.name.trim(),
    type: values.type,
    email: values.email.trim(),
    phone,
    address: values.address.trim(),
    zipcode: values.zipcode.trim(),
    city: values.city.trim(),
    countryCode: values.countryCode,
    latitude: values.latitude === null ? '' : String(values.latitude),
    longitude: values.longitude === null ? '' : String(values.longitude),
    description: values.description.trim(),
    detailedDescription: values.detailedDescription.trim(),
    seatedCapacity: digits(values.seatedCapacity),
    standingCapacity: digits(values.standingCapacity),
    bedrooms: digits(values.bedrooms),
    minPrice: digits(values.minPrice),
    maxPrice: digits(values.maxPrice),
    website: completeWebsite(values.website),
    snFacebook: social('facebook', values.snFacebook),
    snInstagram: social('instagram', values.snInstagram),
  };
  for (const [name, value] of Object.entries(scalars)) form.append(name, value);
  form.append('contactPerson', JSON.stringify({ name: values.contactName.trim(), role: values.contactRole.trim() }));
  form.append('features', JSON.stringify(values.features));
  form.append('prestations', JSON.stringify(values.prestations));
  form.append(
    'prestationDetails',
    JSON.stringify(
      values.prestations.map((slug) => {
        const detail = values.details[slug] ?? emptyDetail();
        return {
          ...(detail.id ? { id: detail.id } : {}),
          title: slug,
          description: detail.description.trim(),
          budgetStartingFrom: Number(detail.budgetStartingFrom.trim()),
          isDescriptionVisible: detail.isDescriptionVisible,
          isBudgetVisible: detail.isBudgetVisible,
        };
      }),
    ),
  );
  form.append(
    'videos',
    JSON.stringify(
      values.videos.map((video) => ({
        ...(video.id ? { id: video.id } : {}),
        link: video.link.trim(),
        title: video.title.trim(),
        description: video.description.trim(),
        status: video.status,
      })),
    ),
  );
  images.forEach((image, index) => {
    const field = (name: string) => `images[${index}][${name}]`;
    form.append(field('file'), image.file, image.file.name);
    form.append(field('alt'), image.alt.trim());
    form.append(field('title'), image.title.trim());
    form.append(field('description'), image.description.trim());
    form.append(field('caption'), image.caption.trim());
    form.append(field('isKeyImage'), String(image.isKeyImage));
    form.append(field('isVisible'), String(image.isVisible));
  });
  return form;
}

/** The update of the services page: only the prestations and their details (the fields sent replace the venue's). */
export function servicesFormData(values: VenueFormValues): FormData {
  const all = toFormData(values);
  const form = new FormData();
  for (const name of ['prestations', 'prestationDetails']) form.append(name, all.get(name) as string);
  return form;
}

/** The update of the videos tab: only the videos set. */
export function videosFormData(videos: readonly VideoValues[]): FormData {
  const form = new FormData();
  form.append(
    'videos',
    JSON.stringify(videos.map((video) => ({ ...(video.id ? { id: video.id } : {}), link: video.link.trim(), title: video.title.trim(), description: video.description.trim(), status: video.status }))),
  );
  return form;
}

// ---------------------------------------------------------------- server refusals

const STEP_OF_FIELD: Record<string, number> = {
  name: 0,
  type: 0,
  email: 0,
  phone: 0,
  address: 0,
  zipcode: 0,
  city: 0,
  countryCode: 0,
  latitude: 0,
  longitude: 0,
  website: 0,
  snFacebook: 0,
  snInstagram: 0,
  contactPerson: 0,
  description: 1,
  detailedDescription: 1,
  seatedCapacity: 1,
  standingCapacity: 1,
  bedrooms: 1,
  minPrice: 1,
  maxPrice: 1,
  features: 2,
  prestations: 3,
  prestationDetails: 3,
  images: 4,
  videos: 5,
};

/** A server refusal sorted by where it shows in the wizard. */
export interface PlacedRefusal {
  /** Form paths (as in stepErrors) to the server's codes. */
  fields: Record<string, string>;
  /** Photo index (images[i]) to code. */
  images: Record<number, string>;
  /** Video index (videos[i]) to code. */
  videos: Record<number, string>;
  /** The first step with a refusal, or null when no field was named. */
  step: number | null;
}

/**
 * Reads the field names of a 422 ("name", "contactPerson.name",
 * "prestationDetails[0].description", "images[2].file", "videos[1].link")
 * into the wizard's places, so each message shows on its step.
 */
export function placeRefusal(error: unknown, values: VenueFormValues): PlacedRefusal {
  const placed: PlacedRefusal = { fields: {}, images: {}, videos: {}, step: null };
  if (!isApiError(error)) return placed;
  for (const [field, code] of Object.entries(error.fields)) {
    const match = /^([A-Za-z]+)(?:\[(\d+)\])?(?:[.[]\[?([A-Za-z]+)\]?)?$/.exec(field);
    if (!match) continue;
    const [, root = '', indexText, sub] = match;
    const step = STEP_OF_FIELD[root];
    if (step === undefined) continue;
    const index = indexText === undefined ? null : Number(indexText);
    if (root === 'images' && index !== null) placed.images[index] ??= code;
    else if (root === 'videos' && index !== null) placed.videos[index] ??= code;
    else if (root === 'prestationDetails' && index !== null) {
      const slug = values.prestations[index];
      const name = sub === 'budgetStartingFrom' ? 'budgetStartingFrom' : 'description';
      if (slug) placed.fields[`details.${slug}.${name}`] ??= code;
      else placed.fields.prestations ??= code;
    } else if (root === 'contactPerson') placed.fields[sub === 'role' ? 'contactRole' : 'contactName'] ??= code;
    else if (root === 'longitude') placed.fields.latitude ??= code;
    else if (root === 'images' || root === 'videos' || root === 'prestationDetails' || root === 'features') placed.fields[root === 'prestationDetails' ? 'prestations' : root] ??= code;
    else placed.fields[root] ??= code;
    placed.step = placed.step === null ? step : Math.min(placed.step, step);
  }
  return placed;
}

/** The server's codes (internal/i18n venue.errors.*) that this screen words under another name. */
const SERVER_ALIASES: Readonly<Record<string, string>> = {
  price_range: 'price_order',
  address_too_long: 'address_length',
  contact_too_long: 'contact_length',
  detailed_description_too_long: 'detailed_description_length',
};

/** The dictionary keys tried for a server code: this screen's own text first, then the code as a key. */
export function serverKeys(code: string): string[] {
  const name = /^venue\.errors\.(\w+)$/.exec(code)?.[1];
  if (!name) return [code];
  return [`venues.errors.${SERVER_ALIASES[name] ?? name}`, code];
}
