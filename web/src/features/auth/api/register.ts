import { api, unwrap } from '@/lib/api-client';
import type { components } from '@/lib/api/schema';

export type Registration = components['schemas']['Registration'];
export type Tokens = components['schemas']['Tokens'];

/** POST /api/register -> 201 {token, refresh_token}: the new provider is signed in. */
export async function registerAccount(body: Registration): Promise<Tokens> {
  return unwrap(api.POST('/api/register', { body }));
}
