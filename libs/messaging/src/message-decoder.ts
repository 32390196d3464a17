import type { KafkaMessage } from 'kafkajs';
import {
  definitionOf,
  MessageHeaders,
  validateAgainst,
  validateEnvelope,
  type MessageEnvelope,
  type Validated,
} from '@opp/contracts';

export interface DecodedMessage {
  envelope: MessageEnvelope;
  /** Set on requests: where the answer goes. */
  replyTopic?: string;
  validatePayload(): Validated<unknown>;
}

export type Decoded = ({ ok: true } & DecodedMessage) | { ok: false; problems: string[] };

/** Parses and checks a raw Kafka message against the envelope contract; nothing unchecked goes on. */
export function decodeMessage(message: KafkaMessage): Decoded {
  if (!message.value) return { ok: false, problems: ['empty message value'] };
  let plain: unknown;
  try {
    plain = JSON.parse(message.value.toString('utf8'));
  } catch {
    return { ok: false, problems: ['message value is not JSON'] };
  }
  const envelope = validateEnvelope(plain);
  if (!envelope.ok) return { ok: false, problems: envelope.problems };
  const replyTopic = message.headers?.[MessageHeaders.replyTopic]?.toString();
  return {
    ok: true,
    envelope: envelope.value,
    ...(replyTopic ? { replyTopic } : {}),
    validatePayload: () => {
      const definition = definitionOf(envelope.value.type);
      if (!definition)
        return { ok: false, problems: [`unknown message type ${envelope.value.type}`] };
      return validateAgainst(definition.schema, envelope.value.payload);
    },
  };
}
