import { entityManagerOf, type UnitOfWork } from '@opp/unit-of-work';
import type { EntityManager } from 'typeorm';
import type { AnyDefinition, MessageEnvelope, PayloadOf } from '@opp/contracts';
import { newEnvelope, type EnvelopeOptions } from '@opp/messaging';
import { currentTraceHeaders } from '@opp/observability';

export interface PendingMessage<D extends AnyDefinition = AnyDefinition> {
  definition: D;
  key: string;
  payload: PayloadOf<D>;
  options?: EnvelopeOptions;
}

const COLUMNS = 8;

/**
 * Records messages in the outbox inside the caller's transaction: they exist if and only if the
 * change they announce was committed. The relay sends them after the commit, with the correlation
 * id and the trace context (`traceparent`, `tracestate`) of the unit of work that wrote them.
 */
export class OutboxWriter {
  async add(
    work: UnitOfWork | EntityManager,
    messages: readonly PendingMessage[],
  ): Promise<MessageEnvelope[]> {
    if (messages.length === 0) return [];
    const envelopes = messages.map((m) => newEnvelope(m.definition, m.key, m.payload, m.options));
    const trace = currentTraceHeaders();
    const values: unknown[] = [];
    const rows = envelopes.map((envelope, i) => {
      values.push(envelope.id, messages[i].definition.topic.name, envelope.key, envelope.type);
      values.push(JSON.stringify(envelope), envelope.correlationId ?? null);
      values.push(trace?.traceparent ?? null, trace?.tracestate ?? null);
      const at = (n: number) => `$${i * COLUMNS + n}`;
      return `(${at(1)}, ${at(2)}, ${at(3)}, ${at(4)}, ${at(5)}::jsonb, ${at(6)}, ${at(7)}, ${at(8)})`;
    });
    await entityManagerOf(work).query(
      `INSERT INTO outbox_messages (message_id, topic, message_key, message_type, envelope,
         correlation_id, traceparent, tracestate)
       VALUES ${rows.join(', ')}`,
      values,
    );
    return envelopes;
  }
}
