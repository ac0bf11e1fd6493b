import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router';
import { RETURN_PARAMS } from '@/features/billing/return-messages';

/**
 * The outcome of a return from the processor's page, read once from the
 * address by `read`; the return parameters are then removed from the address
 * (replacing the history entry) so that a reload or a shared link does not
 * show the message again. The setter dismisses it.
 */
export function useReturnOutcome<T>(read: (params: URLSearchParams) => T | null) {
  const [searchParams, setSearchParams] = useSearchParams();
  const [outcome, setOutcome] = useState(() => read(searchParams));

  useEffect(() => {
    if (!RETURN_PARAMS.some((name) => searchParams.has(name))) return;
    const next = new URLSearchParams(searchParams);
    for (const name of RETURN_PARAMS) next.delete(name);
    setSearchParams(next, { replace: true });
  }, [searchParams, setSearchParams]);

  return [outcome, setOutcome] as const;
}
