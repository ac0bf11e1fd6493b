import { describe, expect, it } from 'vitest';
import { buyErrorMessage, cardErrorKey, readPaymentReturn, readSubscriptionReturn, subscriptionErrorText } from '@/features/billing/return-messages';
import { ApiError } from '@/lib/api-error';

describe('the return status of a payment (part 2 §8)', () => {
  it.each([
    ['status=true', 'success', 'creditsPage.return.success', true],
    ['status=succeeded', 'success', 'creditsPage.return.success', true],
    ['success=1', 'success', 'creditsPage.return.success', true],
    ['status=processing', 'info', 'creditsPage.return.processing', false],
    ['status=amount_capturable_updated', 'info', 'creditsPage.return.amount_capturable_updated', false],
    ['status=unknown_status', 'warning', 'creditsPage.return.unknown_status', false],
    ['status=requires_payment_method', 'error', 'creditsPage.return.payment_failed', false],
    ['error=credit_log_failed', 'error', 'creditsPage.return.credit_log_failed', false],
    ['success=false', 'error', 'creditsPage.return.failed', false],
    ['status=%3Cscript%3E', 'error', 'creditsPage.return.unexpected', false],
  ])('%s is %s', (query, tone, messageKey, succeeded) => {
    expect(readPaymentReturn(new URLSearchParams(query))).toMatchObject({ tone, messageKey, succeeded });
  });

  it('is nothing on a normal visit', () => {
    expect(readPaymentReturn(new URLSearchParams('tab=history'))).toBeNull();
  });
});

describe('a refused purchase (part 2 §8, credits buy HTTP errors)', () => {
  it.each([
    [400, 'creditsPage.errors.validation_error'],
    [401, 'creditsPage.errors.unauthorized'],
    [403, 'creditsPage.errors.access_denied'],
    [404, 'creditsPage.errors.resource_not_found'],
    [500, 'creditsPage.errors.internal_error'],
  ])('%i is %s', (status, key) => {
    expect(buyErrorMessage(new ApiError(status, 'errors.x', '')).key).toBe(key);
  });

  it("shows the server's text for other statuses, else an unexpected error", () => {
    expect(buyErrorMessage(new ApiError(422, 'errors.validation', 'The price does not match.'))).toEqual({ key: null, serverText: 'The price does not match.' });
    expect(buyErrorMessage(ApiError.from(502, 'Bad gateway'))).toEqual({ key: 'creditsPage.errors.unexpected', serverText: null });
    expect(buyErrorMessage(new Error('boom'))).toEqual({ key: 'creditsPage.errors.unexpected', serverText: null });
  });

  it('says network_error when there is no answer', () => {
    expect(buyErrorMessage(new ApiError(0, 'network', '')).key).toBe('creditsPage.errors.network_error');
    expect(buyErrorMessage(new ApiError(0, 'timeout', '')).key).toBe('creditsPage.errors.network_error');
  });
});

describe('a card error (part 2 §8)', () => {
  it.each([
    [{ type: 'card_error', code: 'card_declined', decline_code: 'generic_decline' }, 'creditsPage.card.declined.generic_decline'],
    [{ type: 'card_error', code: 'card_declined', decline_code: 'insufficient_funds' }, 'creditsPage.card.declined.insufficient_funds'],
    [{ type: 'card_error', code: 'card_declined', decline_code: 'lost_card' }, 'creditsPage.card.declined.lost_card'],
    [{ type: 'card_error', code: 'card_declined', decline_code: 'stolen_card' }, 'creditsPage.card.declined.stolen_card'],
    [{ type: 'card_error', code: 'card_declined', decline_code: 'card_velocity_exceeded' }, 'creditsPage.card.declined.card_velocity_exceeded'],
    [{ type: 'card_error', code: 'card_declined', decline_code: 'do_not_honor' }, 'creditsPage.card.declined.default'],
    [{ type: 'card_error', code: 'card_declined' }, 'creditsPage.card.declined.default'],
    [{ type: 'card_error', code: 'expired_card' }, 'creditsPage.card.expired_card'],
    [{ type: 'card_error', code: 'incorrect_cvc' }, 'creditsPage.card.incorrect_cvc'],
    [{ type: 'card_error', code: 'incorrect_number' }, 'creditsPage.card.incorrect_number'],
    [{ type: 'api_error', code: 'rate_limit' }, 'creditsPage.card.unexpected'],
  ])('%o is %s', (error, key) => {
    expect(cardErrorKey(error)).toBe(key);
  });
});

describe('the return from the subscription checkout', () => {
  it.each([
    ['status=success', 'success', 'subscription.return.success', true],
    ['success=1', 'success', 'subscription.return.success', true],
    ['status=cancel', 'info', 'subscription.return.cancel', false],
    ['status=canceled', 'info', 'subscription.return.cancel', false],
    ['error=planner_not_found', 'error', 'subscription.errors.planner_not_found', false],
    ['error=%3Cscript%3E', 'error', 'subscription.errors.failed', false],
    ['success=false', 'error', 'subscription.errors.failed', false],
    ['status=processing_error', 'warning', 'subscription.errors.unknown_status', false],
  ])('%s is %s', (query, tone, messageKey, succeeded) => {
    expect(readSubscriptionReturn(new URLSearchParams(query))).toEqual({ tone, messageKey, succeeded });
  });

  it('is nothing on a normal visit', () => {
    expect(readSubscriptionReturn(new URLSearchParams('plan=yearly'))).toBeNull();
  });
});

describe('a refused subscription or portal request (part 2 §8, pricing-page HTTP errors)', () => {
  const t = (key: string) => `t:${key}`;

  it.each([
    [400, 't:subscription.errors.missing_parameters'],
    [401, 't:subscription.errors.payment_intent_not_found'],
    [403, 't:subscription.errors.planner_not_found'],
    [404, 't:subscription.errors.credit_log_failed'],
    [500, 't:subscription.errors.processing_error'],
    [409, 't:subscription.errors.unknown_status'],
  ])('%i without a text of its own is %s', (status, text) => {
    expect(subscriptionErrorText(new ApiError(status, 'errors.x', ''), t)).toBe(text);
  });

  it("prefers the server's text below 500, and knows no answer and no HTTP error", () => {
    expect(subscriptionErrorText(new ApiError(409, 'errors.conflict', 'Already subscribed.'), t)).toBe('Already subscribed.');
    expect(subscriptionErrorText(new ApiError(500, 'errors.internal', 'Database down.'), t)).toBe('t:subscription.errors.processing_error');
    expect(subscriptionErrorText(new ApiError(0, 'network', ''), t)).toBe('t:subscription.errors.processing_error');
    expect(subscriptionErrorText(new Error('boom'), t)).toBe('t:subscription.errors.failed');
  });
});
