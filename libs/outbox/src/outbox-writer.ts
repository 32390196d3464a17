import type { EntityManager } from 'typeorm';
import type { AnyDefinition, MessageEnvelope, PayloadOf } from '@opp/contracts';
import { newEnvelope, type EnvelopeOptions } from '@opp/messaging';

export interface PendingMessage<D extends AnyDefinition = AnyDefinition> {
  definition: D;
  key: string;
  payload: PayloadOf<D>;
  options?: EnvelopeOptions;
}

/**
 * Records messages in the outbox inside the caller's transaction: they exist if and only if the
 * change they announce was committed. The relay sends them after the commit.
 */
export class OutboxWriter {
  async add(tx: EntityManager, messages: readonly PendingMessage[]): Promise<MessageEnvelope[]> {
    if (messages.length === 0) return [];
    const envelopes = messages.map((m) => newEnvelope(m.definition, m.key, m.payload, m.options));
    const values: unknown[] = [];
    const rows = envelopes.map((envelope, i) => {
      const base = i * 5;
      values.push(envelope.id, messages[i].definition.topic.name, envelope.key, envelope.type);
      values.push(JSON.stringify(envelope));
      return `($${base + 1}, $${base + 2}, $${base + 3}, $${base + 4}, $${base + 5}::jsonb)`;
    });
    await tx.query(
      `INSERT INTO outbox_messages (message_id, topic, message_key, message_type, envelope)
       VALUES ${rows.join(', ')}`,
      values,
    );
    return envelopes;
  }
}
