import { intlLocale } from '@/lib/locales';

/**
 * Integer cents in one currency (ISO 4217, any case), in the reader's locale: "69 €", "£59", "57,50 €";
 * cents only when there are some. Each currency is formatted on its own: amounts are never summed across them.
 * The one home of money formatting in the back-office.
 */
export function formatMoney(cents: number, currency: string, locale: string): string {
  const whole = cents % 100 === 0;
  return new Intl.NumberFormat(intlLocale(locale), {
    style: 'currency',
    currency: currency.toUpperCase(),
    minimumFractionDigits: whole ? 0 : 2,
    maximumFractionDigits: 2,
  }).format(cents / 100);
}
