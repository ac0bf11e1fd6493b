import { useMutation } from '@tanstack/react-query';
import { api, unwrap } from '@/lib/api-client';
import type { MutationConfig } from '@/lib/query-client';

/** POST /api/account/phone/check {phone}: texts a 6-digit code to the new number. */
export async function checkPhone(phone: string): Promise<void> {
  await unwrap(api.POST('/api/account/phone/check', { body: { phone } }));
}

export function useCheckPhone(config?: MutationConfig<void, string>) {
  return useMutation({ ...config, mutationFn: checkPhone });
}
