import { randomUUID } from 'node:crypto';
import type { AnyDefinition, MessageEnvelope, PayloadOf } from '@opp/contracts';
import { currentCorrelationId } from '@opp/observability';

export interface EnvelopeOptions {
  correlationId?: string;
  causationId?: string;
  occurredAt?: Date;
}

/**
 * Builds the envelope of a new message; the key is required because ordering depends on it.
 * Without an explicit correlation id it takes the one of the unit of work in progress (HTTP
 * request, consumed message), so correlation survives every hop, outbox included.
 */
export function newEnvelope<D extends AnyDefinition>(
  definition: D,
  key: string,
  payload: PayloadOf<D>,
  options: EnvelopeOptions = {},
): MessageEnvelope<PayloadOf<D>> {
  if (!key) throw new Error(`A message of type ${definition.type} needs a key (its aggregate id)`);
  const correlationId = options.correlationId ?? currentCorrelationId();
  return {
    id: randomUUID(),
    type: definition.type,
    key,
    occurredAt: (options.occurredAt ?? new Date()).toISOString(),
    ...(correlationId ? { correlationId } : {}),
    ...(options.causationId ? { causationId: options.causationId } : {}),
    payload,
  };
}
