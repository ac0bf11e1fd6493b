import { api, unwrap } from '@/lib/api-client';

/** DELETE /api/account/delete {reason}: closes the account (204). */
export async function deleteAccount(reason: string): Promise<void> {
  await unwrap(api.DELETE('/api/account/delete', { body: { reason } }));
}
