import { describe, expect, it } from 'vitest';
import type { Venue } from '@/features/venues/api/get-venue';
import { perFileProgress } from '@/features/venues/format';
import {
  FEATURE_GROUPS,
  FEATURES,
  formValues,
  imageProblem,
  placeRefusal,
  serverKeys,
  servicesFormData,
  stepErrors,
  toFormData,
  videoLinkRule,
  videoTitleRule,
  type PendingImage,
  type VenueFormValues,
} from '@/features/venues/venue-form';
import { ApiError } from '@/lib/api-error';

function filled(over: Partial<VenueFormValues> = {}): VenueFormValues {
  return {
    ...formValues(undefined, 'FR'),
    name: 'Domaine des Tilleuls',
    type: 'domain',
    email: 'contact@tilleuls.test',
    phone: '06 12 34 56 78',
    address: '12 chemin des Vignes',
    zipcode: '69340',
    city: 'Francheville',
    countryCode: 'FR',
    latitude: 45.73,
    longitude: 4.76,
    description: 'Un domaine viticole au calme, à vingt minutes de Lyon.',
    seatedCapacity: '120',
    standingCapacity: '200',
    minPrice: '4500',
    maxPrice: '12000',
    prestations: ['venue_hire'],
    details: { venue_hire: { description: 'La salle, le parc et le parking pour la journée.', budgetStartingFrom: '4500', isDescriptionVisible: true, isBudgetVisible: false } },
    ...over,
  };
}

const image = (name: string, over: Partial<PendingImage> = {}): PendingImage => ({
  key: name,
  file: new File(['abc'], name, { type: 'image/jpeg' }),
  alt: '',
  title: '',
  description: '',
  caption: '',
  isKeyImage: false,
  isVisible: true,
  ...over,
});

describe('the wizard steps', () => {
  it('accept a complete venue on every step', () => {
    for (let step = 0; step < 6; step += 1) expect(stepErrors(step, filled())).toEqual({});
  });

  it('step 0 needs name, type, email, phone, address, postal code, town and country', () => {
    const errors = stepErrors(0, formValues(undefined, 'FR'));
    expect(errors).toMatchObject({
      name: 'venues.errors.name_required',
      type: 'venues.errors.type_required',
      email: 'validation.email_required',
      phone: 'validation.required',
      address: 'venues.errors.address_required',
      zipcode: 'validation.required',
      countryCode: 'validation.country_required',
    });
    expect(errors.city).toBeTruthy();
    // Optional fields stay quiet when empty.
    expect(errors).not.toHaveProperty('website');
    expect(errors).not.toHaveProperty('snFacebook');
    expect(errors).not.toHaveProperty('contactName');
  });

  it('flags the address when the postal code, town or country is missing', () => {
    expect(stepErrors(0, filled({ city: '' })).address).toBe('venues.errors.address_incomplete');
    expect(stepErrors(0, filled({ countryCode: '' })).address).toBe('venues.errors.address_incomplete');
    expect(stepErrors(0, filled({ zipcode: 'abc' })).zipcode).toBe('validation.invalid_zipcode');
  });

  it('checks the email, the phone, the links and the position pair', () => {
    const errors = stepErrors(0, filled({ email: 'nope', phone: '12', website: 'not a site', snFacebook: 'https://example.com/x', snInstagram: 'instagram.com/tilleuls', latitude: 45, longitude: null }));
    expect(errors.email).toBe('validation.email_invalid');
    expect(errors.phone).toBe('validation.phone_too_short');
    expect(errors.website).toBe('validation.website_invalid');
    expect(errors.snFacebook).toBe('venues.errors.invalid_facebook');
    expect(errors).not.toHaveProperty('snInstagram');
    expect(errors.latitude).toBe('validation.coordinates_required');
  });

  it('step 1 needs the description and each number at least 1, the lowest price at most the highest', () => {
    const empty = stepErrors(1, formValues(undefined, 'FR'));
    expect(empty).toEqual({
      description: 'venues.errors.description_required',
      seatedCapacity: 'venues.errors.seated_capacity_required',
      standingCapacity: 'venues.errors.standing_capacity_required',
      minPrice: 'venues.errors.min_price_required',
      maxPrice: 'venues.errors.max_price_required',
    });
    expect(stepErrors(1, filled({ seatedCapacity: '0', standingCapacity: '-3', minPrice: '1.5' }))).toEqual({
      seatedCapacity: 'venues.errors.seated_capacity_required',
      standingCapacity: 'venues.errors.standing_capacity_required',
      minPrice: 'venues.errors.min_price_required',
    });
    expect(stepErrors(1, filled({ minPrice: '9000', maxPrice: '500' }))).toEqual({ maxPrice: 'venues.errors.price_order' });
    expect(stepErrors(1, filled({ description: 'Trop court' })).description).toBe('venues.errors.description_length');
  });

  it('bedrooms are optional: empty or 0 to 10,000', () => {
    expect(stepErrors(1, filled({ bedrooms: '' }))).toEqual({});
    expect(stepErrors(1, filled({ bedrooms: '0' }))).toEqual({});
    expect(stepErrors(1, filled({ bedrooms: '10001' }))).toEqual({ bedrooms: 'venues.errors.bedrooms_invalid' });
  });

  it('step 3 needs a service, and a description and a starting budget for each chosen one', () => {
    expect(stepErrors(3, filled({ prestations: [] }))).toEqual({ prestations: 'venues.errors.prestations_required' });
    expect(stepErrors(3, filled({ prestations: ['venue_hire', 'catering'] }))).toEqual({
      'details.catering.description': 'venues.errors.detail_description_required',
      'details.catering.budgetStartingFrom': 'venues.errors.detail_budget_required',
    });
  });

  it('videos need a YouTube or Vimeo link and a title of 5 characters', () => {
    expect(videoLinkRule('https://youtu.be/dQw4w9WgXcQ')).toBeNull();
    expect(videoLinkRule('https://vimeo.com/76979871')).toBeNull();
    expect(videoLinkRule('https://example.com/video')).toBe('venues.errors.video_link_invalid');
    expect(videoLinkRule('  ')).toBe('venues.errors.video_link_required');
    expect(videoTitleRule(' abcd ')).toBe('venues.errors.video_title_length');
    expect(videoTitleRule('Notre domaine')).toBeNull();
  });

  it('group the 26 features, each once', () => {
    const grouped = FEATURE_GROUPS.flatMap((group) => group.features);
    expect(grouped).toHaveLength(26);
    expect(new Set(grouped)).toEqual(new Set(FEATURES));
  });
});

describe('the photos checked in the browser', () => {
  it('take JPEG, PNG and WebP up to 5 MB', () => {
    expect(imageProblem({ type: 'image/webp', size: 5 * 1024 * 1024 })).toBeNull();
    expect(imageProblem({ type: 'image/jpeg', size: 5 * 1024 * 1024 + 1 })).toBe('venues.errors.image_too_large');
    expect(imageProblem({ type: 'image/gif', size: 10 })).toBe('venues.errors.image_format');
  });

  it('share the progress of the form among the photos in order', () => {
    expect(perFileProgress(0, [100, 100], 100)).toEqual([0, 0]);
    expect(perFileProgress(0.5, [100, 100], 100)).toEqual([0.5, 0]);
    expect(perFileProgress(1, [100, 100], 100)).toEqual([1, 1]);
  });
});

describe('the multipart form', () => {
  it('sends the scalar fields trimmed, the sets as JSON and each photo as images[i][...]', () => {
    const values = filled({ name: '  Domaine des Tilleuls ', website: 'tilleuls.test', snInstagram: 'instagram.com/tilleuls', bedrooms: '', contactName: ' Anne ', contactRole: 'Gérante' });
    values.features.garden = true;
    values.videos = [{ link: 'https://youtu.be/dQw4w9WgXcQ', title: 'Le domaine ', description: '', status: true }];
    const form = toFormData(values, [image('a.jpg', { isKeyImage: true, alt: ' Le parc ' }), image('b.jpg')]);
    expect(form.get('name')).toBe('Domaine des Tilleuls');
    expect(form.get('phone')).toBe('+33612345678');
    expect(form.get('website')).toBe('https://tilleuls.test');
    expect(form.get('snInstagram')).toBe('https://www.instagram.com/tilleuls');
    expect(form.get('bedrooms')).toBe('');
    expect(form.get('seatedCapacity')).toBe('120');
    expect(form.get('latitude')).toBe('45.73');
    expect(JSON.parse(form.get('contactPerson') as string)).toEqual({ name: 'Anne', role: 'Gérante' });
    const features = JSON.parse(form.get('features') as string) as Record<string, boolean>;
    expect(Object.keys(features)).toHaveLength(26);
    expect(features.garden).toBe(true);
    expect(features.wifi).toBe(false);
    expect(JSON.parse(form.get('prestations') as string)).toEqual(['venue_hire']);
    expect(JSON.parse(form.get('prestationDetails') as string)).toEqual([
      { title: 'venue_hire', description: 'La salle, le parc et le parking pour la journée.', budgetStartingFrom: 4500, isDescriptionVisible: true, isBudgetVisible: false },
    ]);
    expect(JSON.parse(form.get('videos') as string)).toEqual([{ link: 'https://youtu.be/dQw4w9WgXcQ', title: 'Le domaine', description: '', status: true }]);
    expect((form.get('images[0][file]') as File).name).toBe('a.jpg');
    expect(form.get('images[0][alt]')).toBe('Le parc');
    expect(form.get('images[0][isKeyImage]')).toBe('true');
    expect(form.get('images[1][isKeyImage]')).toBe('false');
    expect(form.get('images[1][isVisible]')).toBe('true');
    expect(form.get('images[2][file]')).toBeNull();
  });

  it('keeps the ids of the details and videos a venue has, and sends only the services from the services page', () => {
    const venue = {
      ...({} as Venue),
      name: 'V',
      type: 'castle',
      email: 'a@b.test',
      phone: '+33612345678',
      address: 'x',
      zipcode: '75001',
      city: 'Paris',
      countryCode: 'FR',
      latitude: null,
      longitude: null,
      website: '',
      snFacebook: '',
      snInstagram: '',
      contactPerson: { name: '', role: '' },
      description: '',
      detailedDescription: '',
      seatedCapacity: 0,
      standingCapacity: 0,
      bedrooms: null,
      minPrice: 0,
      maxPrice: 0,
      features: { garden: true },
      prestations: ['catering'],
      prestationDetails: [{ id: 'd1', title: 'catering', description: 'Le menu du chef.', budgetStartingFrom: 80, isDescriptionVisible: true, isBudgetVisible: true }],
      videos: [{ id: 'v1', link: 'https://vimeo.com/1', title: 'Visite', description: '', status: false, thumbnailUrl: null }],
    } as Venue;
    const values = formValues(venue);
    expect(values.phone).toBe('06 12 34 56 78');
    expect(values.seatedCapacity).toBe('');
    expect(values.features.garden).toBe(true);
    const form = servicesFormData(values);
    expect([...form.keys()]).toEqual(['prestations', 'prestationDetails']);
    expect(JSON.parse(form.get('prestationDetails') as string)[0]).toMatchObject({ id: 'd1', title: 'catering', budgetStartingFrom: 80 });
    expect(JSON.parse(toFormData(values).get('videos') as string)).toEqual([{ id: 'v1', link: 'https://vimeo.com/1', title: 'Visite', description: '', status: false }]);
  });
});

describe('a refusal of the server', () => {
  it('goes to the step and the place of each field it names', () => {
    const error = new ApiError(422, 'errors.validation', '', {
      minPrice: 'venue.errors.min_price_required',
      'prestationDetails[0].budgetStartingFrom': 'venue.errors.detail_budget_required',
      'images[1].file': 'venue.errors.image_too_large',
      'videos[0].link': 'venue.errors.video_link_invalid',
      'contactPerson.role': 'venue.errors.contact_length',
    });
    const placed = placeRefusal(error, filled());
    expect(placed.step).toBe(0);
    expect(placed.fields).toEqual({
      minPrice: 'venue.errors.min_price_required',
      'details.venue_hire.budgetStartingFrom': 'venue.errors.detail_budget_required',
      contactRole: 'venue.errors.contact_length',
    });
    expect(placed.images).toEqual({ 1: 'venue.errors.image_too_large' });
    expect(placed.videos).toEqual({ 0: 'venue.errors.video_link_invalid' });
    expect(serverKeys('venue.errors.image_too_large')).toEqual(['venues.errors.image_too_large', 'venue.errors.image_too_large']);
  });

  it('names no step for a refusal without fields', () => {
    expect(placeRefusal(new ApiError(403, 'venue.errors.premium_required', 'Premium'), filled()).step).toBeNull();
    expect(placeRefusal(new Error('boom'), filled()).step).toBeNull();
  });
});
