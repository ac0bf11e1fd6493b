import { describe, expect, it } from 'vitest';
import { markPopupSeen, popupSeenKey, shouldShowPopup } from '@/features/dashboard/popup-once';

const once = { id: 'p1', showOncePerUser: true };
const always = { id: 'p2', showOncePerUser: false };

describe('the promotional popup, once per user', () => {
  it('is shown until seen, then never again for that user', () => {
    const session = new Set<string>();
    expect(shouldShowPopup(once, 'u1', window.localStorage, session)).toBe(true);
    markPopupSeen(once, 'u1', window.localStorage, session);
    expect(window.localStorage.getItem('popup-seen:u1:p1')).not.toBeNull();
    expect(shouldShowPopup(once, 'u1', window.localStorage, session)).toBe(false);
    // A new page load (a new session set) still remembers it.
    expect(shouldShowPopup(once, 'u1', window.localStorage, new Set())).toBe(false);
  });

  it('is remembered per user and per popup', () => {
    markPopupSeen(once, 'u1', window.localStorage, new Set());
    expect(shouldShowPopup(once, 'u2', window.localStorage, new Set())).toBe(true);
    expect(shouldShowPopup({ ...once, id: 'p3' }, 'u1', window.localStorage, new Set())).toBe(true);
    expect(popupSeenKey('u1', 'p1')).toBe('popup-seen:u1:p1');
  });

  it('without showOncePerUser comes back on the next visit, not twice in one', () => {
    const session = new Set<string>();
    expect(shouldShowPopup(always, 'u1', window.localStorage, session)).toBe(true);
    markPopupSeen(always, 'u1', window.localStorage, session);
    expect(window.localStorage.getItem('popup-seen:u1:p2')).toBeNull();
    expect(shouldShowPopup(always, 'u1', window.localStorage, session)).toBe(false);
    expect(shouldShowPopup(always, 'u1', window.localStorage, new Set())).toBe(true);
  });

  it('shows nothing without a popup, and still works without storage', () => {
    expect(shouldShowPopup(null, 'u1')).toBe(false);
    expect(shouldShowPopup(once, 'u9', null, new Set())).toBe(true);
  });
});
