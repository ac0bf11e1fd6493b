import { describe, expect, it } from 'vitest';
import { formatMoney, perMonth, quote } from '@/features/billing/money';

// Intl puts a narrow no-break space before the euro sign in French and German.
const plain = (text: string) => text.replace(/\s/g, ' ');

describe('money from cents', () => {
  it('shows cents only when there are some, in the currency given', () => {
    expect(plain(formatMoney(6900, 'EUR', 'en'))).toBe('€69');
    expect(plain(formatMoney(5750, 'eur', 'fr'))).toBe('57,50 €');
    expect(plain(formatMoney(23100, 'EUR', 'de'))).toBe('231 €');
    expect(plain(formatMoney(5900, 'GBP', 'en'))).toBe('£59');
    expect(plain(formatMoney(4917, 'GBP', 'fr'))).toBe('49,17 £GB');
  });
});

describe('a year of premium per month', () => {
  it('is 57.50 for 690, 49.17 for 590', () => {
    expect([perMonth(69000), perMonth(59000)]).toEqual([5750, 4917]);
  });
});

describe('a quote for n credits', () => {
  const prices = [
    { credits: 1, priceCents: 3000 },
    { credits: 10, priceCents: 23100 },
  ];

  it("prices from the server's list, with the unit price and the saving against single credits", () => {
    expect(quote(prices, 10)).toEqual({ credits: 10, totalCents: 23100, unitCents: 2310, savingCents: 6900, savingPercent: 23 });
    expect(quote(prices, 1)).toEqual({ credits: 1, totalCents: 3000, unitCents: 3000, savingCents: 0, savingPercent: 0 });
  });

  it("saves against the list's own one-credit price, pounds as euros", () => {
    const pounds = [
      { credits: 1, priceCents: 2600 },
      { credits: 10, priceCents: 16950 },
    ];
    expect(quote(pounds, 10)).toEqual({ credits: 10, totalCents: 16950, unitCents: 1695, savingCents: 9050, savingPercent: 35 });
  });

  it('is null for an amount the list does not have, or without a list', () => {
    expect(quote(prices, 3)).toBeNull();
    expect(quote(undefined, 1)).toBeNull();
  });
});
