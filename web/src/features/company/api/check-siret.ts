import { useEffect, useRef, useState } from 'react';
import { api, unwrap } from '@/lib/api-client';
import { isApiError } from '@/lib/api-error';
import { SIRET_LENGTH } from '@/lib/validation/company-rules';

/**
 * The outcome of a SIRET check, as the SIRET field shows it: `format` (400),
 * `not_found` (404), `error` (any other failure), `inactive`, `active`, or
 * `unknown` when no register answered (an admin verifies it by hand).
 */
export type SiretOutcome = 'active' | 'inactive' | 'unknown' | 'not_found' | 'format' | 'error';

/** GET /api/siren/siret?siret= -> {exists, isActive, status}, read as an outcome. */
export async function checkSiret(siret: string, signal?: AbortSignal): Promise<SiretOutcome> {
  try {
    const reply = await unwrap(api.GET('/api/siren/siret', { params: { query: { siret } }, signal }));
    if (reply.status === 'unknown') return 'unknown';
    if (!reply.exists) return 'not_found';
    return reply.isActive ? 'active' : 'inactive';
  } catch (error) {
    if (signal?.aborted) throw error;
    if (isApiError(error) && error.status === 400) return 'format';
    if (isApiError(error) && error.status === 404) return 'not_found';
    return 'error';
  }
}

/** Part 1 §5: the check waits one second after the 14th digit. */
export const SIRET_DEBOUNCE_MS = 1_000;

export type SiretCheckState =
  | { status: 'idle' }
  | { status: 'waiting' }
  | { status: 'checking' }
  | { status: 'done'; outcome: SiretOutcome };

type Check = (siret: string, signal: AbortSignal) => Promise<SiretOutcome>;

interface Options {
  /** The number already saved and its status: not asked about again. */
  known?: { siret: string; outcome: SiretOutcome } | null;
  check?: Check;
  delay?: number;
}

/**
 * Checks a SIRET against the register once it has exactly 14 digits and the
 * user stopped typing for a second. A newer value cancels the pending call
 * (its timer cleared, its request aborted, its answer ignored); each number
 * is asked about once, then its outcome is remembered.
 */
export function useSiretCheck(siret: string, { known = null, check = checkSiret, delay = SIRET_DEBOUNCE_MS }: Options = {}): SiretCheckState {
  const checkRef = useRef(check);
  const [results, setResults] = useState<Readonly<Record<string, SiretOutcome>>>({});
  const [checking, setChecking] = useState<string | null>(null);

  useEffect(() => {
    checkRef.current = check;
  }, [check]);

  const complete = siret.length === SIRET_LENGTH;
  const outcome = complete ? (results[siret] ?? (known?.siret === siret ? known.outcome : undefined)) : undefined;
  const needsCheck = complete && outcome === undefined;

  useEffect(() => {
    if (!needsCheck) return;
    const controller = new AbortController();
    const timer = window.setTimeout(() => {
      setChecking(siret);
      checkRef
        .current(siret, controller.signal)
        .catch((): SiretOutcome => 'error')
        .then((answer) => {
          if (controller.signal.aborted) return;
          setResults((previous) => ({ ...previous, [siret]: answer }));
          setChecking((current) => (current === siret ? null : current));
        });
    }, delay);
    return () => {
      window.clearTimeout(timer);
      controller.abort();
    };
  }, [siret, needsCheck, delay]);

  if (!complete) return { status: 'idle' };
  if (outcome !== undefined) return { status: 'done', outcome };
  return checking === siret ? { status: 'checking' } : { status: 'waiting' };
}

/** Whether the form must wait: a check under way, or an outcome the server refuses on save. */
export function blocksSaving(state: SiretCheckState): boolean {
  if (state.status === 'waiting' || state.status === 'checking') return true;
  return state.status === 'done' && (state.outcome === 'format' || state.outcome === 'not_found' || state.outcome === 'inactive');
}
