import { OUTBOX_STATES, type OutboxMessage, type OutboxState } from '@/features/admin/api/list-outbox';

/** The state filter of the address (?state=), or '' (every state) for a missing or unknown one. */
export function asOutboxState(value: string): OutboxState | '' {
  return OUTBOX_STATES.includes(value as OutboxState) ? (value as OutboxState) : '';
}

/**
 * The text key that says why a message is in its state, or '' for a sent one
 * (its date says enough). A failed message was either refused for good by the
 * relay (a 5xx reply: never retried) or still refused 24 hours after it was queued.
 */
export function stateReasonKey(message: Pick<OutboxMessage, 'state' | 'channel' | 'permanent'>): string {
  switch (message.state) {
    case 'queued':
      return 'admin.outbox.reason.queued';
    case 'retrying':
      return 'admin.outbox.reason.retrying';
    case 'held':
      return message.channel === 'sms' ? 'admin.outbox.reason.heldSms' : 'admin.outbox.reason.heldEmail';
    case 'failed':
      return message.permanent ? 'admin.outbox.reason.permanent' : 'admin.outbox.reason.gaveUp';
    default:
      return '';
  }
}

/**
 * A relay's error on one line of at most `max` characters: SMTP replies run
 * over several lines and can be long; the message's detail shows the whole text.
 */
export function shortError(error: string, max = 80): string {
  const line = error.replace(/\s+/g, ' ').trim();
  if (line.length <= max) return line;
  return `${line.slice(0, max - 1).trimEnd()}…`;
}
