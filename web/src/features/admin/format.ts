import { intlLocale } from '@/lib/locales';

/** Dates of the admin lists, in the interface language. */
export function formatDateTime(iso: string | null | undefined, locale: string): string {
  if (!iso) return '';
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  return new Intl.DateTimeFormat(intlLocale(locale), { dateStyle: 'medium', timeStyle: 'short' }).format(date);
}

export function formatDate(iso: string | null | undefined, locale: string): string {
  if (!iso) return '';
  // A bare YYYY-MM-DD is a calendar day: read it at noon UTC so no time zone moves it.
  const date = new Date(/^\d{4}-\d{2}-\d{2}$/.test(iso) ? `${iso}T12:00:00Z` : iso);
  if (Number.isNaN(date.getTime())) return iso;
  return new Intl.DateTimeFormat(intlLocale(locale), { dateStyle: 'medium' }).format(date);
}

/** "Camille Martin", or the e-mail when a user has no names. */
export function fullName(user: { firstname: string; lastname: string; email?: string }): string {
  const name = `${user.firstname} ${user.lastname}`.trim();
  return name || user.email || '';
}

/** A calendar day (YYYY-MM-DD) as a chart's short label: "14 Jun", "14 juin". */
export function formatShortDay(iso: string, locale: string): string {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(iso)) return iso;
  // Noon UTC, formatted in UTC: the day printed is the day sent, wherever the reader is.
  return new Intl.DateTimeFormat(intlLocale(locale), { day: 'numeric', month: 'short', timeZone: 'UTC' }).format(new Date(`${iso}T12:00:00Z`));
}

/** Money in one currency, the back-office's one formatter. */
export { formatMoney } from '@/lib/money';
