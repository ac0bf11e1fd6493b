import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { fetchMe, ME_QUERY_KEY } from '@/lib/auth/session';

export type PremiumArrival = 'idle' | 'waiting' | 'arrived' | 'slow';

export const PREMIUM_POLL_MS = 1_000;
export const PREMIUM_TIMEOUT_MS = 30_000;

/**
 * Premium starts on the processor's signed webhook, which may land after the
 * browser is back from the checkout: while `active`, GET /api/me is asked
 * every second until premium is in force, for 30 seconds at most.
 */
export function usePremiumArrival(active: boolean, isPremium: boolean): PremiumArrival {
  const [timedOut, setTimedOut] = useState(false);
  const state: PremiumArrival = !active ? 'idle' : isPremium ? 'arrived' : timedOut ? 'slow' : 'waiting';

  useQuery({
    queryKey: ME_QUERY_KEY,
    queryFn: fetchMe,
    enabled: state === 'waiting',
    refetchInterval: state === 'waiting' ? PREMIUM_POLL_MS : false,
  });

  useEffect(() => {
    if (state !== 'waiting') return undefined;
    const timer = setTimeout(() => setTimedOut(true), PREMIUM_TIMEOUT_MS);
    return () => clearTimeout(timer);
  }, [state]);

  return state;
}
