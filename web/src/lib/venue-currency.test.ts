import { describe, expect, it } from 'vitest';
import { formatVenuePrice, venueCurrency, venueCurrencySign } from '@/lib/venue-currency';

describe("a venue's currency", () => {
  it('is the pound in the United Kingdom and the euro elsewhere', () => {
    expect(venueCurrency('GB')).toBe('GBP');
    expect(venueCurrency('gb')).toBe('GBP');
    expect(venueCurrency('FR')).toBe('EUR');
    expect(venueCurrency('BE')).toBe('EUR');
  });

  it("writes prices and the field's sign in the reader's locale", () => {
    expect(formatVenuePrice(4500, 'GB', 'en-GB')).toBe('£4,500');
    expect(formatVenuePrice(4500, 'FR', 'en-GB')).toBe('€4,500');
    expect(venueCurrencySign('GB', 'fr')).toBe('£');
    expect(venueCurrencySign('DE', 'de')).toBe('€');
  });
});
