import { EventPattern, MessagePattern } from '@nestjs/microservices';
import type { MessageDefinition, RequestDefinition } from '@opp/contracts';

/** Options a handler can give the transport (Nest "extras"). */
export interface HandlerOptions {
  /**
   * Run without the inbox transaction: for handlers that are idempotent by themselves (read model
   * upserts of compacted snapshots) or that must not hold a transaction open.
   */
  inbox?: boolean;
  /**
   * Set by @OnMessages: the handler takes the consecutive messages of its type in a fetched batch
   * in one call (ADR 0048).
   */
  gathered?: boolean;
}

/** Handles a message type; the transport subscribes to its topic and validates its payload. */
export const OnMessage = (definition: MessageDefinition<unknown>, options: HandlerOptions = {}) =>
  EventPattern(definition.type, undefined, { ...options });

/** Answers a request type; what the handler returns (a Reply) goes back to the requester. */
export const OnRequest = (
  definition: RequestDefinition<unknown, unknown>,
  options: HandlerOptions = {},
) => MessagePattern(definition.type, undefined, { ...options });

/**
 * Handles the consecutive messages of a type in a fetched batch in one call, without the inbox
 * (ADR 0048): the handler gets a `GatheredMessage[]` and writes their effects in one statement,
 * idempotent by a key of its own. If the call throws, each message of it goes through the
 * one-message path (retries, dead letter) in a call of its own, so whatever the failed call wrote
 * must be harmless to write again.
 */
export const OnMessages = (definition: MessageDefinition<unknown>) =>
  EventPattern(definition.type, undefined, { inbox: false, gathered: true });
