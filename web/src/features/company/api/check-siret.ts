import { api, unwrap } from '@/lib/api-client';
import { isApiError } from '@/lib/api-error';

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
