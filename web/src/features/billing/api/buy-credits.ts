import { useMutation } from '@tanstack/react-query';
import { api, unwrap } from '@/lib/api-client';
import type { paths } from '@/lib/api/schema';

export type CreditPayment = paths['/api/credits/buy']['post']['responses']['200']['content']['application/json'];

export interface BuyCreditsInput {
  credits: number;
  /** The total shown to the user, in cents; the server checks it against its formula. */
  priceCents: number;
  /** One key per purchase attempt: a retried request returns the same payment. */
  idempotencyKey: string;
}

/** POST /api/credits/buy {credits, price (euros)} -> the payment to confirm (Stripe) or the test card page (sandbox). */
export async function buyCredits({ credits, priceCents, idempotencyKey }: BuyCreditsInput): Promise<CreditPayment> {
  return unwrap(
    api.POST('/api/credits/buy', {
      body: { credits, price: priceCents / 100 },
      params: { header: { 'Idempotency-Key': idempotencyKey } },
    }),
  );
}

export function useBuyCredits() {
  return useMutation({ mutationFn: buyCredits });
}
