import { describe, expect, it } from 'vitest';
import { formatEuros, MONTHLY_CENTS, quote, SINGLE_CREDIT_CENTS, YEARLY_CENTS, YEARLY_PER_MONTH_CENTS } from '@/features/billing/money';

// Intl puts a narrow no-break space before the euro sign in French and German.
const plain = (text: string) => text.replace(/\s/g, ' ');

describe('euros from cents', () => {
  it('shows cents only when there are some', () => {
    expect(plain(formatEuros(MONTHLY_CENTS, 'en'))).toBe('€69');
    expect(plain(formatEuros(YEARLY_PER_MONTH_CENTS, 'fr'))).toBe('57,50 €');
    expect(plain(formatEuros(23100, 'de'))).toBe('231 €');
  });
});

describe('the premium prices (DECISIONS.md, Money)', () => {
  it('are 69 a month or 690 a year, 57.50 a month', () => {
    expect([MONTHLY_CENTS, YEARLY_CENTS, YEARLY_PER_MONTH_CENTS]).toEqual([6900, 69000, 5750]);
  });
});

describe('a quote for n credits', () => {
  const prices = [
    { credits: 1, priceCents: 3000 },
    { credits: 10, priceCents: 23100 },
  ];

  it("prices from the server's list, with the unit price and the saving against single credits", () => {
    expect(quote(prices, 10)).toEqual({ credits: 10, totalCents: 23100, unitCents: 2310, savingCents: 6900, savingPercent: 23 });
    expect(quote(prices, 1)).toEqual({ credits: 1, totalCents: SINGLE_CREDIT_CENTS, unitCents: 3000, savingCents: 0, savingPercent: 0 });
  });

  it('is null for an amount the list does not have, or without a list', () => {
    expect(quote(prices, 3)).toBeNull();
    expect(quote(undefined, 1)).toBeNull();
  });
});
