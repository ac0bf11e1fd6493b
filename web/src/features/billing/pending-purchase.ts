/**
 * The purchase in flight while the browser is away on the payment page. The
 * credits arrive by webhook, maybe after the return: the page waits until
 * the balance reaches balanceBefore + credits. Kept in sessionStorage, so it
 * belongs to this tab only and is forgotten with it.
 */
export interface PendingPurchase {
  paymentIntentId: string;
  credits: number;
  balanceBefore: number;
}

const KEY = 'noces.pendingCreditPurchase';

export function savePendingPurchase(purchase: PendingPurchase): void {
  try {
    window.sessionStorage.setItem(KEY, JSON.stringify(purchase));
  } catch {
    // Storage may be full or disabled: the page then waits for any change of balance.
  }
}

export function readPendingPurchase(): PendingPurchase | null {
  try {
    const raw = window.sessionStorage.getItem(KEY);
    if (!raw) return null;
    const value = JSON.parse(raw) as Partial<PendingPurchase>;
    if (typeof value.paymentIntentId !== 'string' || typeof value.credits !== 'number' || typeof value.balanceBefore !== 'number') {
      return null;
    }
    return { paymentIntentId: value.paymentIntentId, credits: value.credits, balanceBefore: value.balanceBefore };
  } catch {
    return null;
  }
}

export function clearPendingPurchase(): void {
  try {
    window.sessionStorage.removeItem(KEY);
  } catch {
    // nothing to forget
  }
}
