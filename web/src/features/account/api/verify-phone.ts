import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, unwrap } from '@/lib/api-client';
import type { User } from '@/lib/auth/user';
import { withConfig, type MutationConfig } from '@/lib/query-client';
import { queryKeys } from '@/lib/query-keys';

export interface PhoneCode {
  phone: string;
  code: string;
}

/** POST /api/account/phone/verify {phone, code} -> {success, phone (E.164)}. */
export async function verifyPhone({ phone, code }: PhoneCode): Promise<string> {
  const reply = await unwrap(api.POST('/api/account/phone/verify', { body: { phone, code } }));
  return reply.phone;
}

/** The user shows the verified number at once. */
export function useVerifyPhone(config?: MutationConfig<string, PhoneCode>) {
  const queryClient = useQueryClient();
  return useMutation(
    withConfig(
      {
        mutationFn: verifyPhone,
        onSuccess: (saved) => queryClient.setQueryData<User>(queryKeys.me, (current) => (current ? { ...current, phone: saved } : current)),
      },
      config,
    ),
  );
}
