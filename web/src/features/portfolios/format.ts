import { intlLocale } from '@/lib/locales';

/** A wedding date (YYYY-MM-DD) in the reader's language, read as a calendar day. */
export function formatWeddingDate(iso: string, locale: string): string {
  const [year, month, day] = iso.split('-').map(Number);
  if (!year || !month || !day) return iso;
  return new Intl.DateTimeFormat(intlLocale(locale), { day: 'numeric', month: 'long', year: 'numeric' }).format(new Date(year, month - 1, day));
}

/** Whole euros in the reader's language. */
export function formatEuros(amount: number, locale: string): string {
  return new Intl.NumberFormat(intlLocale(locale), { style: 'currency', currency: 'EUR', maximumFractionDigits: 0 }).format(amount);
}

/** A size in megabytes, as the limits are said (5 MB). */
export function formatMegabytes(bytes: number, locale: string): string {
  return new Intl.NumberFormat(intlLocale(locale), { style: 'unit', unit: 'megabyte', maximumFractionDigits: 1 }).format(bytes / (1 << 20));
}

/** Part 2 §9: the portfolio list's snackbar stays 6 s. */
export const LIST_SNACKBAR_MS = 6_000;
