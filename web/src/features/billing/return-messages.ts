import { isApiError } from '@/lib/api-error';

export type Tone = 'success' | 'info' | 'warning' | 'error';

/** What a return from the processor's page says (credits purchase or premium checkout). */
export interface BillingReturn {
  tone: Tone;
  messageKey: string;
  /** The payment went through: its effect (credits, premium) arrives by webhook, the page waits for it. */
  succeeded: boolean;
}

/**
 * The address parameters a return from the processor's page may carry
 * (?status=, or ?success= / ?error= from older links): read once, then removed.
 */
export const RETURN_PARAMS = ['status', 'success', 'error'] as const;

export interface PaymentReturn extends BillingReturn {
  /** The value read from the address, as the server sent it. */
  status: string;
}

// Part 2 §8, "Payment return status": true is success; these are errors,
// these are information; unknown_status is a warning; anything else is unexpected.
const RETURN_MESSAGES: Record<string, { tone: Tone; messageKey: string }> = {
  true: { tone: 'success', messageKey: 'creditsPage.return.success' },
  processing: { tone: 'info', messageKey: 'creditsPage.return.processing' },
  amount_capturable_updated: { tone: 'info', messageKey: 'creditsPage.return.amount_capturable_updated' },
  unknown_status: { tone: 'warning', messageKey: 'creditsPage.return.unknown_status' },
  missing_parameters: { tone: 'error', messageKey: 'creditsPage.return.missing_parameters' },
  payment_intent_not_found: { tone: 'error', messageKey: 'creditsPage.return.payment_intent_not_found' },
  planner_not_found: { tone: 'error', messageKey: 'creditsPage.return.planner_not_found' },
  credit_log_failed: { tone: 'error', messageKey: 'creditsPage.return.credit_log_failed' },
  processing_error: { tone: 'error', messageKey: 'creditsPage.return.processing_error' },
  canceled: { tone: 'error', messageKey: 'creditsPage.return.canceled' },
  failed: { tone: 'error', messageKey: 'creditsPage.return.failed' },
  payment_failed: { tone: 'error', messageKey: 'creditsPage.return.payment_failed' },
};

// Stripe's own redirect_status words, should a return URL ever carry them.
const ALIASES: Record<string, string> = {
  succeeded: 'true',
  success: 'true',
  requires_payment_method: 'payment_failed',
  requires_capture: 'amount_capturable_updated',
};

/**
 * The outcome of a payment read from the credits page's address on return
 * (?status=, or ?success= / ?error= from older links), or null when the page
 * was opened normally.
 */
export function readPaymentReturn(params: URLSearchParams): PaymentReturn | null {
  let raw = params.get('status');
  if (raw === null && params.has('success')) raw = params.get('success') === 'false' ? 'failed' : 'true';
  if (raw === null && params.has('error')) raw = params.get('error') || 'failed';
  if (raw === null) return null;
  const status = raw.trim();
  const known = RETURN_MESSAGES[ALIASES[status] ?? status];
  const { tone, messageKey } = known ?? { tone: 'error' as const, messageKey: 'creditsPage.return.unexpected' };
  return { status, tone, messageKey, succeeded: messageKey === 'creditsPage.return.success' };
}

/** Part 2 §8, "Credits buy HTTP errors": the message of a refused or failed POST /api/credits/buy. */
export interface BuyErrorMessage {
  /** An i18n key, or null when the server's own text is the message. */
  key: string | null;
  /** The server's text (already in the user's language), when it has one. */
  serverText: string | null;
}

const BUY_STATUS_KEYS: Record<number, string> = {
  400: 'creditsPage.errors.validation_error',
  401: 'creditsPage.errors.unauthorized',
  403: 'creditsPage.errors.access_denied',
  404: 'creditsPage.errors.resource_not_found',
  500: 'creditsPage.errors.internal_error',
};

export function buyErrorMessage(error: unknown): BuyErrorMessage {
  if (!isApiError(error)) return { key: 'creditsPage.errors.unexpected', serverText: null };
  if (error.status === 0) return { key: 'creditsPage.errors.network_error', serverText: null };
  // Only a JSON error body of ours carries a text for the user; a proxy's page does not.
  const ours = !error.code.startsWith('http_');
  const serverText = ours && error.message && error.message !== error.code ? error.message : null;
  const key = BUY_STATUS_KEYS[error.status];
  if (key) return { key, serverText: error.status === 500 ? null : serverText };
  return serverText ? { key: null, serverText } : { key: 'creditsPage.errors.unexpected', serverText: null };
}

/** The error a card confirmation returns (Stripe's StripeError, the fields we read). */
export interface CardError {
  type?: string;
  code?: string;
  decline_code?: string;
}

const DECLINE_KEYS: Record<string, string> = {
  generic_decline: 'creditsPage.card.declined.generic_decline',
  insufficient_funds: 'creditsPage.card.declined.insufficient_funds',
  lost_card: 'creditsPage.card.declined.lost_card',
  stolen_card: 'creditsPage.card.declined.stolen_card',
  card_velocity_exceeded: 'creditsPage.card.declined.card_velocity_exceeded',
};

const CARD_KEYS: Record<string, string> = {
  expired_card: 'creditsPage.card.expired_card',
  incorrect_cvc: 'creditsPage.card.incorrect_cvc',
  incorrect_number: 'creditsPage.card.incorrect_number',
};

/** Part 2 §8, "Card errors": declines by reason, three card mistakes, anything else unexpected. */
export function cardErrorKey(error: CardError): string {
  if (error.code === 'card_declined') {
    return DECLINE_KEYS[error.decline_code ?? ''] ?? 'creditsPage.card.declined.default';
  }
  return CARD_KEYS[error.code ?? ''] ?? 'creditsPage.card.unexpected';
}

/**
 * Part 2 §8, "Pricing-page HTTP errors": the server's text is preferred,
 * else the status picks the message; no answer is processing_error; an
 * error that is not an HTTP one is failed.
 */
const SUBSCRIPTION_STATUS_KEYS: Record<number, string> = {
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
  return t(SUBSCRIPTION_STATUS_KEYS[error.status] ?? 'subscription.errors.unknown_status');
}

const SUBSCRIPTION_ERROR_KEYS: Record<string, string> = {
  missing_parameters: 'subscription.errors.missing_parameters',
  payment_intent_not_found: 'subscription.errors.payment_intent_not_found',
  planner_not_found: 'subscription.errors.planner_not_found',
  credit_log_failed: 'subscription.errors.credit_log_failed',
  processing_error: 'subscription.errors.processing_error',
  unknown_status: 'subscription.errors.unknown_status',
};

/** The outcome of a return from the checkout (?status=success|cancel, or ?success= / ?error=), or null. */
export function readSubscriptionReturn(params: URLSearchParams): BillingReturn | null {
  const status = params.get('status');
  const success = params.get('success');
  const error = params.get('error');
  if (status === 'success' || (status === null && success !== null && success !== 'false')) {
    return { tone: 'success', messageKey: 'subscription.return.success', succeeded: true };
  }
  if (status === 'cancel' || status === 'canceled') return { tone: 'info', messageKey: 'subscription.return.cancel', succeeded: false };
  if (status === null && error !== null) {
    return { tone: 'error', messageKey: SUBSCRIPTION_ERROR_KEYS[error] ?? 'subscription.errors.failed', succeeded: false };
  }
  if (status === null && success === 'false') return { tone: 'error', messageKey: 'subscription.errors.failed', succeeded: false };
  if (status === null) return null;
  return { tone: 'warning', messageKey: 'subscription.errors.unknown_status', succeeded: false };
}
