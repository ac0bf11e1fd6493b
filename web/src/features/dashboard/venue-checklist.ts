import type { VenueSummary } from '@/features/dashboard/api/get-venue-cards';

/**
 * The venue owner's checklist, what couples need to find a venue and judge
 * it: a published venue, and on every
 * venue photos, a description, capacities and prices. Each task not done
 * links to where the first venue missing it is completed; with no venue,
 * every task leads to the wizard.
 */
export type VenueTaskId = 'published' | 'photos' | 'description' | 'capacities' | 'prices';

export interface VenueTask {
  id: VenueTaskId;
  labelKey: string;
  path: string;
  done: boolean;
}

type Card = Pick<VenueSummary, 'id' | 'isPublished' | 'imageCount' | 'hasDescription' | 'hasCapacities' | 'hasPrices'>;

const CREATE = '/venues/create';

function everyVenue(venues: readonly Card[], met: (venue: Card) => boolean, path: (venue: Card) => string): { done: boolean; path: string } {
  if (venues.length === 0) return { done: false, path: CREATE };
  const missing = venues.find((venue) => !met(venue));
  return missing ? { done: false, path: path(missing) } : { done: true, path: path(venues[0]!) };
}

export function venueTasks(venues: readonly Card[]): VenueTask[] {
  const edit = (venue: Card) => `/venues/${venue.id}/edit`;
  const draft = venues.find((venue) => !venue.isPublished);
  const published = venues.some((venue) => venue.isPublished);
  return [
    {
      id: 'published',
      labelKey: 'dashboard.venueTasks.published',
      done: published,
      path: venues.length === 0 ? CREATE : `/venues/${(draft ?? venues[0]!).id}?tab=settings`,
    },
    { id: 'photos', labelKey: 'dashboard.venueTasks.photos', ...everyVenue(venues, (venue) => venue.imageCount > 0, (venue) => `/venues/${venue.id}?tab=photos`) },
    { id: 'description', labelKey: 'dashboard.venueTasks.description', ...everyVenue(venues, (venue) => venue.hasDescription, edit) },
    { id: 'capacities', labelKey: 'dashboard.venueTasks.capacities', ...everyVenue(venues, (venue) => venue.hasCapacities, edit) },
    { id: 'prices', labelKey: 'dashboard.venueTasks.prices', ...everyVenue(venues, (venue) => venue.hasPrices, edit) },
  ];
}
