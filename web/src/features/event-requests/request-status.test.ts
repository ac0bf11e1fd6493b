import { describe, expect, it } from 'vitest';
import { parseListParams, listSearch } from '@/features/event-requests/hooks/use-page-and-sort';
import { daysUntil, formatEventDate, isPremiumUser, requestStatus, soonDays } from '@/features/event-requests/request-status';

describe('a request status', () => {
  it('is rejected first, then unlocked, else locked', () => {
    expect(requestStatus({ isRejected: true, isUnlocked: true }, false)).toBe('rejected');
    expect(requestStatus({ isRejected: false, isUnlocked: true }, false)).toBe('unlocked');
    expect(requestStatus({ isRejected: false, isUnlocked: false }, false)).toBe('locked');
  });

  it('is unlocked for a premium provider unless rejected', () => {
    expect(requestStatus({ isRejected: false, isUnlocked: false }, true)).toBe('unlocked');
    expect(requestStatus({ isRejected: true, isUnlocked: false }, true)).toBe('rejected');
  });

  it('counts premium while active or until the end of a cancelled period', () => {
    expect(isPremiumUser({ isPremium: true, premiumStatus: 'active' })).toBe(true);
    expect(isPremiumUser({ isPremium: true, premiumStatus: 'cancellation' })).toBe(true);
    expect(isPremiumUser({ isPremium: false, premiumStatus: 'canceled' })).toBe(false);
    expect(isPremiumUser({ isPremium: false, premiumStatus: 'none' })).toBe(false);
  });
});

describe('the "in N days" badge', () => {
  const today = new Date(2026, 5, 15, 23, 30);

  it('counts calendar days, whatever the hour', () => {
    expect(daysUntil('2026-06-15', today)).toBe(0);
    expect(daysUntil('2026-06-16', today)).toBe(1);
    expect(daysUntil('2026-07-15', today)).toBe(30);
    expect(daysUntil('2026-06-14', today)).toBe(-1);
    expect(daysUntil('not a date', today)).toBeNull();
  });

  it('shows for events 0 to 7 days away only', () => {
    expect(soonDays('2026-06-15', today)).toBe(0);
    expect(soonDays('2026-06-22', today)).toBe(7);
    expect(soonDays('2026-06-23', today)).toBeNull();
    expect(soonDays('2026-06-14', today)).toBeNull();
  });

  it('formats an event date as that calendar day in the user language', () => {
    expect(formatEventDate('2026-09-12', 'fr')).toBe('12 septembre 2026');
    // English is the UK's: the day before the month, never the US form "Sep 12, 2026".
    expect(formatEventDate('2026-09-12', 'en', 'medium')).toBe('12 Sept 2026');
    expect(formatEventDate('2026-09-12', 'pt')).toBe('12 de setembro de 2026');
  });
});

describe('the list address', () => {
  it('reads page, size and sort, and gives the defaults for anything else', () => {
    expect(parseListParams(new URLSearchParams('page=3&pageSize=50&sort=eventDate&dir=asc'))).toEqual({
      page: 3,
      pageSize: 50,
      sortField: 'eventDate',
      sortDirection: 'asc',
    });
    expect(parseListParams(new URLSearchParams('page=-2&pageSize=30&sort=email&dir=up'))).toEqual({
      page: 1,
      pageSize: 25,
      sortField: 'createdAt',
      sortDirection: 'desc',
    });
  });

  it('writes only what differs from the defaults', () => {
    expect(listSearch({ page: 1, pageSize: 25, sortField: 'createdAt', sortDirection: 'desc' }).toString()).toBe('');
    expect(listSearch({ page: 2, pageSize: 100, sortField: 'eventDate', sortDirection: 'asc' }).toString()).toBe(
      'page=2&pageSize=100&sort=eventDate&dir=asc',
    );
  });
});
