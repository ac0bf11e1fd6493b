import { useMutation } from '@tanstack/react-query';
import { api, unwrap } from '@/lib/api-client';
import type { MutationConfig } from '@/lib/query-client';

/** GET /api/instagram/auth-url -> Instagram's authorisation window for the signed-in planner. */
export async function getInstagramAuthUrl(): Promise<string> {
  const { url } = await unwrap(api.GET('/api/instagram/auth-url'));
  return url;
}

/** Asked for on the click that leaves for Instagram, never ahead of it: a mutation. */
export function useInstagramAuthUrl(config?: MutationConfig<string>) {
  return useMutation({ ...config, mutationFn: getInstagramAuthUrl });
}
