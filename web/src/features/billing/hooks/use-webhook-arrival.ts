import { useEffect, useState } from 'react';
import { useRefreshCreditLogs } from '@/features/billing/api/get-credit-logs';
import { clearPendingPurchase, type PendingPurchase } from '@/features/billing/pending-purchase';
import { usePollMe } from '@/lib/api/get-me';

export type ArrivalState = 'idle' | 'waiting' | 'arrived' | 'slow';

export const ARRIVAL_POLL_MS = 1_000;
/** After this, the page stops asking and says the payment's effect will show up a little later. */
export const ARRIVAL_TIMEOUT_MS = 30_000;

/**
 * Credits and premium both come by the processor's signed webhook, which may
 * land after the browser is back from the payment: while `active` and until
 * `arrived` (read from the current user), GET /api/me is asked every second,
 * for 30 seconds at most.
 */
export function useWebhookArrival(active: boolean, arrived: boolean): ArrivalState {
  const [timedOut, setTimedOut] = useState(false);
  const state: ArrivalState = !active ? 'idle' : arrived ? 'arrived' : timedOut ? 'slow' : 'waiting';

  usePollMe(state === 'waiting' ? ARRIVAL_POLL_MS : false);

  useEffect(() => {
    if (state !== 'waiting') return undefined;
    const timer = setTimeout(() => setTimedOut(true), ARRIVAL_TIMEOUT_MS);
    return () => clearTimeout(timer);
  }, [state]);

  return state;
}

/**
 * The credits of a purchase have arrived when the balance reaches the
 * purchase's target (or, without a remembered purchase, changes); then the
 * remembered purchase is forgotten and the history reloaded.
 */
export function useCreditArrival(active: boolean, pending: PendingPurchase | null, balance: number) {
  const refreshLogs = useRefreshCreditLogs();
  const [baseline] = useState(balance);
  const target = pending ? pending.balanceBefore + pending.credits : null;
  const reached = target !== null ? balance >= target : balance !== baseline;
  const state = useWebhookArrival(active, reached);

  useEffect(() => {
    if (state !== 'arrived') return;
    clearPendingPurchase();
    refreshLogs();
  }, [state, refreshLogs]);

  return { state, added: pending?.credits ?? (reached ? balance - baseline : 0) };
}
