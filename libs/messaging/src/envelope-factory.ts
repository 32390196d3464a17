import { randomUUID } from 'node:crypto';
import type { AnyDefinition, MessageEnvelope, PayloadOf } from '@opp/contracts';

export interface EnvelopeOptions {
  correlationId?: string;
  causationId?: string;
  occurredAt?: Date;
}

/** Builds the envelope of a new message; the key is required because ordering depends on it. */
export function newEnvelope<D extends AnyDefinition>(
  definition: D,
  key: string,
  payload: PayloadOf<D>,
  options: EnvelopeOptions = {},
): MessageEnvelope<PayloadOf<D>> {
  if (!key) throw new Error(`A message of type ${definition.type} needs a key (its aggregate id)`);
  return {
    id: randomUUID(),
    type: definition.type,
    key,
    occurredAt: (options.occurredAt ?? new Date()).toISOString(),
    ...(options.correlationId ? { correlationId: options.correlationId } : {}),
    ...(options.causationId ? { causationId: options.causationId } : {}),
    payload,
  };
}
