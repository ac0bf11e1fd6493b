import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, unwrap } from '@/lib/api-client';
import type { User } from '@/lib/auth/user';
import { withConfig, type MutationConfig } from '@/lib/query-client';
import { queryKeys } from '@/lib/query-keys';

export interface PersonalInfo {
  firstname: string;
  lastname: string;
}

/** POST /api/account/personal-info {firstname, lastname} -> the updated user. */
export async function updatePersonalInfo({ firstname, lastname }: PersonalInfo): Promise<User> {
  return unwrap(api.POST('/api/account/personal-info', { body: { firstname, lastname } }));
}

export function useUpdatePersonalInfo(config?: MutationConfig<User, PersonalInfo>) {
  const queryClient = useQueryClient();
  return useMutation(withConfig({ mutationFn: updatePersonalInfo, onSuccess: (updated) => queryClient.setQueryData(queryKeys.me, updated) }, config));
}
