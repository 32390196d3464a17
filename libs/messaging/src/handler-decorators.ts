import { EventPattern, MessagePattern } from '@nestjs/microservices';
import type { MessageDefinition, RequestDefinition } from '@opp/contracts';

/** Options a handler can give the transport (Nest "extras"). */
export interface HandlerOptions {
  /**
   * Run without the inbox transaction: for handlers that are idempotent by themselves (read model
   * upserts of compacted snapshots) or that must not hold a transaction open.
   */
  inbox?: boolean;
  /** Set by `OnMessages`: the handler takes a run of messages in one call. */
  gathered?: boolean;
}

/** Handles a message type; the transport subscribes to its topic and validates its payload. */
export const OnMessage = (definition: MessageDefinition<unknown>, options: HandlerOptions = {}) =>
  EventPattern(definition.type, undefined, { ...options });

/**
 * Handles runs of an event type that needs no inbox (its handler is idempotent by itself): the
 * handler gets the payloads and the contexts of consecutive messages of a fetched batch as two
 * arrays, so it can write them in one statement (ADR 0065). A run that throws is handled again
 * message by message (arrays of one), each with its retries and dead letter.
 */
export const OnMessages = (definition: MessageDefinition<unknown>) =>
  EventPattern(definition.type, undefined, { inbox: false, gathered: true });

/** Answers a request type; what the handler returns (a Reply) goes back to the requester. */
export const OnRequest = (
  definition: RequestDefinition<unknown, unknown>,
  options: HandlerOptions = {},
) => MessagePattern(definition.type, undefined, { ...options });
