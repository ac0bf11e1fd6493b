/** Euros from cents in the interface language: "69 €", "231 €", "57,50 €"; cents only when there are some. */
export function formatEuros(cents: number, locale: string): string {
  const whole = cents % 100 === 0;
  return new Intl.NumberFormat(locale, {
    style: 'currency',
    currency: 'EUR',
    minimumFractionDigits: whole ? 0 : 2,
    maximumFractionDigits: 2,
  }).format(cents / 100);
}

/** One credit alone costs 30 EUR (DECISIONS.md, Money): the reference of every saving shown. */
export const SINGLE_CREDIT_CENTS = 3000;

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

/** The price of n credits from the server's list, with the unit price and the saving; null when unknown. */
export function quote(prices: readonly { credits: number; priceCents: number }[] | undefined, credits: number): Quote | null {
  const row = prices?.find((price) => price.credits === credits);
  if (!row) return null;
  const full = SINGLE_CREDIT_CENTS * credits;
  const savingCents = Math.max(0, full - row.priceCents);
  return {
    credits,
    totalCents: row.priceCents,
    unitCents: Math.round(row.priceCents / credits),
    savingCents,
    savingPercent: Math.round((savingCents / full) * 100),
  };
}

/** DECISIONS.md, Money: premium is 69 EUR a month, or 690 EUR a year (57.50 a month, "save 20%"). */
export const MONTHLY_CENTS = 6900;
export const YEARLY_CENTS = 69000;
export const YEARLY_PER_MONTH_CENTS = YEARLY_CENTS / 12;
/** The badge the spec asks for ("save 20%", two months free), though 690 against 12 x 69 is 16.7% off. */
export const YEARLY_SAVING_PERCENT = 20;
