/** Dates of the admin lists, in the interface language. */
export function formatDateTime(iso: string | null | undefined, locale: string): string {
  if (!iso) return '';
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  return new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short' }).format(date);
}

export function formatDate(iso: string | null | undefined, locale: string): string {
  if (!iso) return '';
  // A bare YYYY-MM-DD is a calendar day: read it at noon UTC so no time zone moves it.
  const date = new Date(/^\d{4}-\d{2}-\d{2}$/.test(iso) ? `${iso}T12:00:00Z` : iso);
  if (Number.isNaN(date.getTime())) return iso;
  return new Intl.DateTimeFormat(locale, { dateStyle: 'medium' }).format(date);
}

/** "Camille Martin", or the e-mail when a user has no names. */
export function fullName(user: { firstname: string; lastname: string; email?: string }): string {
  const name = `${user.firstname} ${user.lastname}`.trim();
  return name || user.email || '';
}
