import type { components } from '@/lib/api/schema';

/** A place of the address search (GET /api/address/search), shared by every form that locates something. */
export type Place = components['schemas']['Place'];

/** Part 1 §2: the search waits 300 ms after the last keystroke and needs two characters. */
export const ADDRESS_SEARCH_DEBOUNCE_MS = 300;
export const ADDRESS_SEARCH_MIN_CHARS = 2;

/** A place's postal code: the first one when the gazetteer gives a list. */
export function firstZipcode(zipcode: string): string {
  return zipcode.split(/[,;|]/)[0]?.trim() ?? '';
}

/** A place as a search field shows it once picked: "Tours (37000), France", or "Bath, United Kingdom" without a postcode. */
export function placeLabel(place: Place): string {
  const zipcode = firstZipcode(place.zipcode);
  return zipcode ? `${place.city} (${zipcode}), ${place.country}` : `${place.city}, ${place.country}`;
}

/** An option's second line: "37000 · France", or the country alone (British towns come without a postcode). */
export function placeDetail(place: Place): string {
  return [firstZipcode(place.zipcode), place.country].filter(Boolean).join(' · ');
}
