export { formatMoney } from '@/lib/money';

export const MIN_CREDITS = 1;
export const MAX_CREDITS = 50;
/** Part 2 §9: the quick picks. */
export const QUICK_PICKS = [1, 3, 5, 10, 30, 50] as const;

export interface Quote {
  credits: number;
  totalCents: number;
  unitCents: number;
  savingCents: number;
  /** Whole percent saved against buying the credits one by one. */
  savingPercent: number;
}

/**
 * The price of n credits from the server's list (in the user's currency: pounds on the UK domain), with the unit
 * price and the saving against buying them one by one at the list's one-credit price; null when unknown.
 */
export function quote(prices: readonly { credits: number; priceCents: number }[] | undefined, credits: number): Quote | null {
  const row = prices?.find((price) => price.credits === credits);
  const single = prices?.find((price) => price.credits === 1);
  if (!row || !single) return null;
  const full = single.priceCents * credits;
  const savingCents = Math.max(0, full - row.priceCents);
  return {
    credits,
    totalCents: row.priceCents,
    unitCents: Math.round(row.priceCents / credits),
    savingCents,
    savingPercent: Math.round((savingCents / full) * 100),
  };
}

/** A year of premium shown per month: 690 / 12 = 57.50 (DECISIONS.md, Money); the same in every currency. */
export function perMonth(yearlyCents: number): number {
  return Math.round(yearlyCents / 12);
}
/** The badge the spec asks for ("save 20%", two months free), though 690 against 12 x 69 is 16.7% off. */
export const YEARLY_SAVING_PERCENT = 20;
