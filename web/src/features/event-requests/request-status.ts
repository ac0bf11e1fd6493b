import type { User } from '@/lib/auth/user';
import { intlLocale } from '@/lib/locales';

/** Part 2 §4: rejected if isRejected, else unlocked if isUnlocked, else locked. */
export type RequestStatus = 'locked' | 'unlocked' | 'rejected';

export function requestStatus(request: { isRejected: boolean; isUnlocked: boolean; closed?: boolean }, premium: boolean): RequestStatus {
  if (request.isRejected) return 'rejected';
  // A premium provider sees every request that is not rejected as unlocked,
  // unless other providers took every place under the unlock cap: the
  // request is then closed, since its contact details go to no one else.
  if (request.isUnlocked || (premium && !request.closed)) return 'unlocked';
  return 'locked';
}

/** Premium while the subscription runs, including its last period after a cancellation. */
export function isPremiumUser(user: Pick<User, 'isPremium' | 'premiumStatus'>): boolean {
  return user.premiumStatus === 'active' || user.premiumStatus === 'cancellation';
}

const DAY_MS = 86_400_000;

/** Whole calendar days from `today` (local) to a YYYY-MM-DD date; null for a malformed date. */
export function daysUntil(isoDate: string, today: Date = new Date()): number | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})/.exec(isoDate);
  if (!match) return null;
  const target = Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3]));
  const start = Date.UTC(today.getFullYear(), today.getMonth(), today.getDate());
  return Math.round((target - start) / DAY_MS);
}

/** Part 2 §9: events 0 to 7 days away carry an "in N days" badge. */
export const SOON_DAYS = 7;

export function soonDays(isoDate: string, today: Date = new Date()): number | null {
  const days = daysUntil(isoDate, today);
  return days !== null && days >= 0 && days <= SOON_DAYS ? days : null;
}

/** A YYYY-MM-DD date read as that calendar day, whatever the time zone. */
function calendarDate(isoDate: string): Date | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(isoDate);
  if (!match) return null;
  return new Date(Number(match[1]), Number(match[2]) - 1, Number(match[3]));
}

export function formatEventDate(isoDate: string, locale: string, style: 'long' | 'medium' | 'full' = 'long'): string {
  const date = calendarDate(isoDate);
  return date ? new Intl.DateTimeFormat(intlLocale(locale), { dateStyle: style }).format(date) : isoDate;
}

export function formatDate(value: string | null | undefined, locale: string, style: 'long' | 'medium' = 'medium'): string {
  if (!value) return '';
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) return '';
  return new Intl.DateTimeFormat(intlLocale(locale), { dateStyle: style }).format(date);
}
