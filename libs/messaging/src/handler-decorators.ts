import { EventPattern, MessagePattern } from '@nestjs/microservices';
import type { MessageDefinition, RequestDefinition } from '@opp/contracts';

/** Options a handler can give the transport (Nest "extras"). */
export interface HandlerOptions {
  /**
   * Run without the inbox transaction: for handlers that are idempotent by themselves (read model
   * upserts of compacted snapshots) or that must not hold a transaction open.
   */
  inbox?: boolean;
}

/** Handles a message type; the transport subscribes to its topic and validates its payload. */
export const OnMessage = (definition: MessageDefinition<unknown>, options: HandlerOptions = {}) =>
  EventPattern(definition.type, undefined, { ...options });

/** Answers a request type; what the handler returns (a Reply) goes back to the requester. */
export const OnRequest = (
  definition: RequestDefinition<unknown, unknown>,
  options: HandlerOptions = {},
) => MessagePattern(definition.type, undefined, { ...options });
