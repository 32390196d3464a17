import { maskCardFragments } from '@opp/crypto';
import type { DeliveryRequest } from '../../delivery/domain/delivery';
import { isHttpUrl } from '@opp/destination-guard';

/** ADR 0005 `message.send`: `{ channel: 'webhook'|'email', to, subject?, text }`. */
export interface MessageSendPayload {
  channel: 'webhook' | 'email';
  to: string;
  subject: string | null;
  text: string;
}

export type ParsedMessage = { ok: true; value: MessageSendPayload } | { ok: false; reason: string };

const MAX_TEXT = 100_000;
const MAX_SUBJECT = 998; // RFC 5322 line limit
// Deliberately plain: one @, no spaces or angle brackets (no header injection), a dotted domain.
const EMAIL = /^[^\s@<>,;"]+@[^\s@<>,;"]+\.[^\s@<>,;"]+$/;

export function parseMessageSend(payload: Record<string, unknown>): ParsedMessage {
  const { channel, to, subject, text } = payload;
  const unknown = Object.keys(payload).filter(
    (k) => !['channel', 'to', 'subject', 'text'].includes(k),
  );
  if (unknown.length > 0) return fail(`unknown field(s): ${unknown.join(', ')}`);
  if (channel !== 'webhook' && channel !== 'email') {
    return fail('channel must be "webhook" or "email"');
  }
  if (typeof to !== 'string' || to.trim() === '') return fail('to is required');
  if (typeof text !== 'string') return fail('text is required');
  if (text.length > MAX_TEXT) return fail(`text is longer than ${MAX_TEXT} characters`);
  if (subject !== undefined && subject !== null && typeof subject !== 'string') {
    return fail('subject must be a string');
  }
  if (typeof subject === 'string' && (subject.length > MAX_SUBJECT || /[\r\n]/.test(subject))) {
    return fail('subject must be one line of at most 998 characters');
  }
  const target = to.trim();
  if (channel === 'webhook' && !isHttpUrl(target)) return fail('to must be an http(s) URL');
  if (channel === 'email' && (target.length > 254 || !EMAIL.test(target))) {
    return fail('to must be an e-mail address');
  }
  // Card data a partner put in the text travels sealed (ADR 0064): the recipient sees its mask.
  return {
    ok: true,
    value: {
      channel,
      to: target,
      subject: typeof subject === 'string' ? maskCardFragments(subject) : null,
      text: maskCardFragments(text),
    },
  };
}

export function messageRequest(
  message: MessageSendPayload,
  task: { globalId: string; taskId: string },
): DeliveryRequest {
  if (message.channel === 'email') {
    return { channel: 'email', to: message.to, subject: message.subject ?? '', text: message.text };
  }
  return {
    channel: 'http',
    method: 'POST',
    url: message.to,
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      globalId: task.globalId,
      taskId: task.taskId,
      subject: message.subject,
      text: message.text,
    }),
  };
}

const fail = (reason: string): ParsedMessage => ({
  ok: false,
  reason: `invalid payload: ${reason}`,
});
