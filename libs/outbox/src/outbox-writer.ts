import { entityManagerOf, type UnitOfWork } from '@opp/unit-of-work';
import type { EntityManager } from 'typeorm';
import type { AnyDefinition, MessageEnvelope, PayloadOf } from '@opp/contracts';
import { newEnvelope, type EnvelopeOptions } from '@opp/messaging';
import { currentTraceHeaders } from '@opp/observability';
import { holdUntilCommit } from './outbox-buffer';
import { insertOutboxRows, type OutboxRow } from './outbox-rows';

export interface PendingMessage<D extends AnyDefinition = AnyDefinition> {
  definition: D;
  key: string;
  payload: PayloadOf<D>;
  options?: EnvelopeOptions;
}

/**
 * Records messages in the outbox inside the caller's transaction: they exist if and only if the
 * change they announce was committed. The relay sends them after the commit, with the correlation
 * id and the trace context (`traceparent`, `tracestate`) of the unit of work that wrote them.
 * In a transaction the rows are written just before its commit, all of them in one INSERT in the
 * order they were added (ADR 0065); nothing in a transaction reads its own outbox rows.
 */
export class OutboxWriter {
  async add(
    work: UnitOfWork | EntityManager,
    messages: readonly PendingMessage[],
  ): Promise<MessageEnvelope[]> {
    if (messages.length === 0) return [];
    const envelopes = messages.map((m) => newEnvelope(m.definition, m.key, m.payload, m.options));
    const trace = currentTraceHeaders();
    const rows = envelopes.map((envelope, i): OutboxRow => [
      envelope.id,
      messages[i].definition.topic.name,
      envelope.key,
      envelope.type,
      JSON.stringify(envelope),
      envelope.correlationId ?? null,
      trace?.traceparent ?? null,
      trace?.tracestate ?? null,
    ]);
    const manager = entityManagerOf(work);
    if (!holdUntilCommit(manager, rows)) await insertOutboxRows(manager, rows);
    return envelopes;
  }
}
