import { isApiError } from '@/lib/api-error';

export type Tone = 'success' | 'info' | 'warning' | 'error';

/**
 * Part 2 §8, "Pricing-page HTTP errors": the server's text is preferred,
 * else the status picks the message; no answer is processing_error; an
 * error that is not an HTTP one is failed.
 */
const STATUS_KEYS: Record<number, string> = {
  400: 'subscription.errors.missing_parameters',
  401: 'subscription.errors.payment_intent_not_found',
  403: 'subscription.errors.planner_not_found',
  404: 'subscription.errors.credit_log_failed',
  500: 'subscription.errors.processing_error',
};

export function subscriptionErrorText(error: unknown, t: (key: string) => string): string {
  if (!isApiError(error)) return t('subscription.errors.failed');
  if (error.status === 0) return t('subscription.errors.processing_error');
  if (error.message && error.message !== error.code && error.status < 500) return error.message;
  return t(STATUS_KEYS[error.status] ?? 'subscription.errors.unknown_status');
}

export interface SubscriptionReturn {
  tone: Tone;
  messageKey: string;
  succeeded: boolean;
}

const ERROR_KEYS: Record<string, string> = {
  missing_parameters: 'subscription.errors.missing_parameters',
  payment_intent_not_found: 'subscription.errors.payment_intent_not_found',
  planner_not_found: 'subscription.errors.planner_not_found',
  credit_log_failed: 'subscription.errors.credit_log_failed',
  processing_error: 'subscription.errors.processing_error',
  unknown_status: 'subscription.errors.unknown_status',
};

export const RETURN_PARAMS = ['status', 'success', 'error'] as const;

/** The outcome of a return from the checkout (?status=success|cancel, or ?success= / ?error=), or null. */
export function readSubscriptionReturn(params: URLSearchParams): SubscriptionReturn | null {
  const status = params.get('status');
  const success = params.get('success');
  const error = params.get('error');
  if (status === 'success' || (status === null && success !== null && success !== 'false')) {
    return { tone: 'success', messageKey: 'subscription.return.success', succeeded: true };
  }
  if (status === 'cancel' || status === 'canceled') return { tone: 'info', messageKey: 'subscription.return.cancel', succeeded: false };
  if (status === null && error !== null) {
    return { tone: 'error', messageKey: ERROR_KEYS[error] ?? 'subscription.errors.failed', succeeded: false };
  }
  if (status === null && success === 'false') return { tone: 'error', messageKey: 'subscription.errors.failed', succeeded: false };
  if (status === null) return null;
  return { tone: 'warning', messageKey: 'subscription.errors.unknown_status', succeeded: false };
}
