import type { MessageHandler } from '@nestjs/microservices';
import { MessageHeaders } from '@opp/contracts';
import { readTraceHeaders, type TraceHeaders } from '@opp/observability';
import type { KafkaMessage } from 'kafkajs';
import { CONTRACT_REFUSAL_PREFIX } from './errors';
import type { HandlerOptions } from './handler-decorators';
import { decodeMessage, type DecodedMessage } from './message-decoder';

/** A message ready for its handler: decoded and validated once. */
export interface Step {
  handler: MessageHandler;
  decoded: DecodedMessage;
  payload: unknown;
  /** The trace context the message came with (its producer's). */
  trace?: TraceHeaders;
}

/** What the transport does with one consumed message, decided once per message. */
export type MessagePlan =
  /** Another consumer's type on a shared topic: nothing to do. */
  | { kind: 'skip' }
  /** Breaks its contract: parked, or answered with an error if it is a request. */
  | { kind: 'broken'; reason: string; request?: DecodedMessage }
  /** Its own transaction: no inbox, or a handler with `inbox: false`. */
  | { kind: 'alone'; step: Step }
  /** Applied in a batch's inbox transaction (ADR 0065). */
  | { kind: 'batch'; step: Step }
  /** Handed with the run of its handler's messages in one call, without the inbox (`OnMessages`). */
  | { kind: 'gathered'; step: Step };

/**
 * Another consumer's message type on a shared topic is skipped by the header the producer sets from
 * the envelope's type, before any parsing (most messages on an event topic are not ours, ADR 0065).
 */
export function planMessage(
  message: KafkaMessage,
  handlers: ReadonlyMap<string, MessageHandler>,
  withInbox: boolean,
): MessagePlan {
  const typeHeader = message.headers?.[MessageHeaders.messageType]?.toString();
  if (typeHeader !== undefined && !handlers.has(typeHeader)) return { kind: 'skip' };
  const decoded = decodeMessage(message);
  if (!decoded.ok) return { kind: 'broken', reason: decoded.problems.join('; ') };
  const handler = handlers.get(decoded.envelope.type);
  if (!handler) return { kind: 'skip' };
  const validated = decoded.validatePayload();
  if (!validated.ok) {
    const reason = `${CONTRACT_REFUSAL_PREFIX}${validated.problems.join('; ')}`;
    return { kind: 'broken', reason, ...(decoded.replyTopic ? { request: decoded } : {}) };
  }
  const step = {
    handler,
    decoded,
    payload: validated.value,
    trace: readTraceHeaders(message.headers),
  };
  const options = (handler.extras ?? {}) as HandlerOptions;
  if (options.gathered) return { kind: 'gathered', step };
  return withInbox && options.inbox !== false ? { kind: 'batch', step } : { kind: 'alone', step };
}
