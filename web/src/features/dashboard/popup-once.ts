/**
 * Whether to show the promotional popup (part 1 §4): a popup marked
 * showOncePerUser is shown once per user, remembered in localStorage as
 * `popup-seen:<userId>:<popupId>`; another popup once per page load (not
 * again on every return to the dashboard).
 */
export interface PopupIdentity {
  id: string;
  showOncePerUser: boolean;
}

export function popupSeenKey(userId: string, popupId: string): string {
  return `popup-seen:${userId}:${popupId}`;
}

function localStore(): Storage | null {
  try {
    return window.localStorage;
  } catch {
    return null;
  }
}

const shownThisLoad = new Set<string>();

export function shouldShowPopup(
  popup: PopupIdentity | null | undefined,
  userId: string,
  storage: Storage | null = localStore(),
  session: Set<string> = shownThisLoad,
): boolean {
  if (!popup) return false;
  const key = popupSeenKey(userId, popup.id);
  if (session.has(key)) return false;
  if (!popup.showOncePerUser) return true;
  if (!storage) return true;
  try {
    return storage.getItem(key) === null;
  } catch {
    return true;
  }
}

/** Remembers that the popup was shown to this user (for good when showOncePerUser). */
export function markPopupSeen(
  popup: PopupIdentity,
  userId: string,
  storage: Storage | null = localStore(),
  session: Set<string> = shownThisLoad,
): void {
  const key = popupSeenKey(userId, popup.id);
  session.add(key);
  if (!popup.showOncePerUser) return;
  try {
    storage?.setItem(key, new Date().toISOString());
  } catch {
    // Storage disabled: the popup may come back on the next visit.
  }
}
