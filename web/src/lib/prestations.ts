import { api, unwrap } from '@/lib/api-client';
import type { components } from '@/lib/api/schema';

/** A service type or a language, labelled in the user's language. */
export type Option = components['schemas']['Option'];

/** GET /api/prestations -> the nine service types, labelled in the user's language. */
export async function listPrestations(): Promise<Option[]> {
  const reply = await unwrap(api.GET('/api/prestations'));
  return reply.prestations;
}
