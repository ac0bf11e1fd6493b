import type { Option } from '@/features/company/api/list-prestations';
import { api, unwrap } from '@/lib/api-client';

/** GET /api/langues -> the seven languages, labelled in the user's language. */
export async function listLangues(): Promise<Option[]> {
  const reply = await unwrap(api.GET('/api/langues'));
  return reply.langues;
}
