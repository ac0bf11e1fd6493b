import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { CREDIT_LOGS_QUERY_KEY } from '@/features/credits/api/get-credit-logs';
import { clearPendingPurchase, type PendingPurchase } from '@/features/credits/pending-purchase';
import { fetchMe, ME_QUERY_KEY } from '@/lib/auth/session';

export type ArrivalState = 'idle' | 'waiting' | 'arrived' | 'slow';

export const ARRIVAL_POLL_MS = 1_000;
/** After this, the page stops asking and says the credits will show up a little later. */
export const ARRIVAL_TIMEOUT_MS = 30_000;

/**
 * After a successful payment the credits come by the processor's webhook,
 * which may land after the browser is back. While `active`, GET /api/me is
 * asked every second until the balance reaches the purchase's target (or,
 * without a remembered purchase, changes), then the history is reloaded.
 */
export function useCreditArrival(active: boolean, pending: PendingPurchase | null, balance: number) {
  const queryClient = useQueryClient();
  const [baseline] = useState(balance);
  const [timedOut, setTimedOut] = useState(false);
  const target = pending ? pending.balanceBefore + pending.credits : null;
  const reached = target !== null ? balance >= target : balance !== baseline;
  const state: ArrivalState = !active ? 'idle' : reached ? 'arrived' : timedOut ? 'slow' : 'waiting';

  useQuery({
    queryKey: ME_QUERY_KEY,
    queryFn: fetchMe,
    enabled: state === 'waiting',
    refetchInterval: state === 'waiting' ? ARRIVAL_POLL_MS : false,
  });

  useEffect(() => {
    if (state !== 'waiting') return undefined;
    const timer = setTimeout(() => setTimedOut(true), ARRIVAL_TIMEOUT_MS);
    return () => clearTimeout(timer);
  }, [state]);

  useEffect(() => {
    if (state !== 'arrived') return;
    clearPendingPurchase();
    void queryClient.invalidateQueries({ queryKey: CREDIT_LOGS_QUERY_KEY });
  }, [state, queryClient]);

  return { state, added: pending?.credits ?? (reached ? balance - baseline : 0) };
}
