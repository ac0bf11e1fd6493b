import { useMutation } from '@tanstack/react-query';
import { api, unwrap } from '@/lib/api-client';
import type { components } from '@/lib/api/schema';

export type ResetRequestReply = components['schemas']['ResetRequestReply'];

/** POST /api/reset-password/request {email} -> {success, message, already_requested}. */
export async function requestPasswordReset(email: string): Promise<ResetRequestReply> {
  return unwrap(api.POST('/api/reset-password/request', { body: { email } }));
}

export function useRequestPasswordReset() {
  return useMutation({ mutationFn: requestPasswordReset });
}
