import { describe, expect, it } from 'vitest';
import { asOutboxState, shortError, stateReasonKey } from '@/features/admin/outbox-facts';

describe('the outbox facts', () => {
  it('reads the state filter of the address, every state for an unknown one', () => {
    expect(asOutboxState('failed')).toBe('failed');
    expect(asOutboxState('held')).toBe('held');
    expect(asOutboxState('')).toBe('');
    expect(asOutboxState('FAILED')).toBe('');
    expect(asOutboxState('deleted')).toBe('');
  });

  it.each([
    [{ state: 'queued', channel: 'email', permanent: false }, 'admin.outbox.reason.queued'],
    [{ state: 'retrying', channel: 'sms', permanent: false }, 'admin.outbox.reason.retrying'],
    [{ state: 'held', channel: 'email', permanent: false }, 'admin.outbox.reason.heldEmail'],
    [{ state: 'held', channel: 'sms', permanent: false }, 'admin.outbox.reason.heldSms'],
    [{ state: 'failed', channel: 'email', permanent: true }, 'admin.outbox.reason.permanent'],
    [{ state: 'failed', channel: 'email', permanent: false }, 'admin.outbox.reason.gaveUp'],
    [{ state: 'sent', channel: 'email', permanent: false }, ''],
  ] as const)('says why a message is %o', (message, key) => {
    expect(stateReasonKey(message)).toBe(key);
  });

  it('keeps a short error whole, on one line', () => {
    expect(shortError('dial tcp: connection refused')).toBe('dial tcp: connection refused');
    expect(shortError('550-5.1.1 The email account does not exist.\r\n550 5.1.1 Please try again')).toBe(
      '550-5.1.1 The email account does not exist. 550 5.1.1 Please try again',
    );
  });

  it('cuts a long error with an ellipsis, within the limit', () => {
    const long = `554 5.7.1 ${'rejected '.repeat(20)}`;
    const short = shortError(long, 40);
    expect(short.length).toBeLessThanOrEqual(40);
    expect(short.endsWith('…')).toBe(true);
    expect(short.startsWith('554 5.7.1 rejected')).toBe(true);
  });
});
