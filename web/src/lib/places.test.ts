import { describe, expect, it } from 'vitest';
import { placeDetail, placeLabel, type Place } from '@/lib/places';

const place = (zipcode: string, city: string, country: string): Place => ({ zipcode, city, country }) as Place;

describe('how a place of the address search reads', () => {
  it('names the town with its first postcode and its country', () => {
    expect(placeLabel(place('37000,37100', 'Tours', 'France'))).toBe('Tours (37000), France');
    expect(placeDetail(place('37000,37100', 'Tours', 'France'))).toBe('37000 · France');
  });

  it('leaves no empty brackets or separator for a town without a postcode', () => {
    expect(placeLabel(place('', 'Bath', 'Royaume-Uni'))).toBe('Bath, Royaume-Uni');
    expect(placeDetail(place('', 'Bath', 'Royaume-Uni'))).toBe('Royaume-Uni');
  });
});
