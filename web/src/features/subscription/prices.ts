/** DECISIONS.md, Money: premium is 69 EUR a month, or 690 EUR a year (57.50 a month, "save 20%"). */
export const MONTHLY_CENTS = 6900;
export const YEARLY_CENTS = 69000;
export const YEARLY_PER_MONTH_CENTS = YEARLY_CENTS / 12;
/** The badge the spec asks for ("save 20%", two months free), though 690 against 12 x 69 is 16.7% off. */
export const YEARLY_SAVING_PERCENT = 20;

/** Euros from cents in the interface language: "69 €", "57,50 €". */
export function formatEuros(cents: number, locale: string): string {
  const whole = cents % 100 === 0;
  return new Intl.NumberFormat(locale, {
    style: 'currency',
    currency: 'EUR',
    minimumFractionDigits: whole ? 0 : 2,
    maximumFractionDigits: 2,
  }).format(cents / 100);
}
