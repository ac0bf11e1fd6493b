import { useMutation } from '@tanstack/react-query';
import { api, unwrap } from '@/lib/api-client';
import type { paths } from '@/lib/api/schema';

export type PremiumPlan = paths['/api/subscription/subscribe']['post']['requestBody']['content']['application/json']['plan'];
export type Billing = 'monthly' | 'yearly';

export const PLAN_OF: Record<Billing, PremiumPlan> = { monthly: 'premium_monthly', yearly: 'premium_yearly' };

/** POST /api/subscription/subscribe {plan} -> the checkout page (Stripe Checkout or the sandbox's) to send the browser to. */
export async function subscribe(billing: Billing): Promise<string> {
  const body = await unwrap(api.POST('/api/subscription/subscribe', { body: { plan: PLAN_OF[billing] } }));
  return body.session_url;
}

export function useSubscribe() {
  return useMutation({ mutationFn: subscribe });
}
