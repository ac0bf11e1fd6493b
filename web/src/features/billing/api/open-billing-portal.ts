import { useMutation } from '@tanstack/react-query';
import { api, unwrap } from '@/lib/api-client';

/** GET /api/subscription/update -> the billing portal (change plan, cancel, resume, invoices) to send the browser to. */
export async function openBillingPortal(): Promise<string> {
  const body = await unwrap(api.GET('/api/subscription/update'));
  return body.session_url;
}

export function useBillingPortal() {
  return useMutation({ mutationFn: openBillingPortal });
}
