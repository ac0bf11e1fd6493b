/**
 * Which new requests the popup has already presented in this browser session
 * (sessionStorage `new-requests-shown:<userId>`): each request pops up once a
 * session; "later" means the next session, if it is still unseen then.
 */
export function shownKey(userId: string): string {
  return `new-requests-shown:${userId}`;
}

function sessionStore(): Storage | null {
  try {
    return window.sessionStorage;
  } catch {
    return null;
  }
}

const memory = new Map<string, Set<string>>();

export function shownRequests(userId: string, storage: Storage | null = sessionStore()): Set<string> {
  const set = new Set(memory.get(userId) ?? []);
  try {
    const raw = storage?.getItem(shownKey(userId));
    const list: unknown = raw ? JSON.parse(raw) : [];
    if (Array.isArray(list)) for (const id of list) if (typeof id === 'string') set.add(id);
  } catch {
    // Unreadable storage: the in-memory set still holds this page load.
  }
  return set;
}

export function rememberShown(userId: string, ids: readonly string[], storage: Storage | null = sessionStore()): void {
  const set = shownRequests(userId, storage);
  for (const id of ids) set.add(id);
  memory.set(userId, set);
  try {
    storage?.setItem(shownKey(userId), JSON.stringify([...set]));
  } catch {
    // Storage full or disabled: remembered for this page load only.
  }
}

/** For tests: forget what this page load remembers. */
export function forgetShown(): void {
  memory.clear();
}
