import { describe, expect, it } from 'vitest';
import { countryName, formatPriceRange, ownerAccountPath } from '@/features/admin/venue-facts';

describe('the facts of a venue under validation', () => {
  it('formats a price range, a single bound, equal bounds, or nothing', () => {
    expect(formatPriceRange(3000, 9000, 'EUR', 'en')).toBe('€3,000 – €9,000');
    expect(formatPriceRange(2500, 0, 'GBP', 'en')).toBe('£2,500');
    expect(formatPriceRange(0, 4000, 'EUR', 'en')).toBe('€4,000');
    expect(formatPriceRange(5000, 5000, 'EUR', 'en')).toBe('€5,000');
    expect(formatPriceRange(0, 0, 'EUR', 'en')).toBeNull();
  });

  it('names the country in the interface language, or keeps an unknown code', () => {
    expect(countryName('FR', 'en')).toBe('France');
    expect(countryName('de', 'fr')).toBe('Allemagne');
    expect(countryName('', 'en')).toBe('');
    expect(countryName('not a code', 'en')).toBe('not a code');
  });

  it("links to the owner's account through the users search, the e-mail encoded", () => {
    expect(ownerAccountPath('lea+venue@example.com')).toBe('/admin/users?q=lea%2Bvenue%40example.com');
  });
});
