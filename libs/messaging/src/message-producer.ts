import { CompressionTypes, Partitioners, type Message, type Producer } from 'kafkajs';
import { MessageHeaders, type MessageEnvelope, type TopicDefinition } from '@opp/contracts';
import type { KafkaConnection } from './kafka-connection';
import { SendCoalescer } from './send-coalescer';

/** A message as it is, for a physical topic name. */
export interface RawRecord {
  topic: string;
  message: Message;
}

export interface OutgoingMessage {
  topic: TopicDefinition | string;
  envelope: MessageEnvelope;
  headers?: Record<string, string>;
}

/** A message whose envelope is already JSON (an outbox row), for a logical topic. */
export interface SerializedMessage {
  topic: TopicDefinition | string;
  key: string;
  type: string;
  /** The envelope's JSON. */
  value: string;
  correlationId: string | null;
  headers?: Record<string, string>;
}

/**
 * The only way messages leave a service. Every message must have a key (the aggregate id), and many
 * messages go out in one producer call: kafkajs does not batch by itself, and one awaited send per
 * message caps a producer near a few thousand messages a second. Sends started while one is in
 * flight go out together in the next request (SendCoalescer, ADR 0042).
 */
export class MessageProducer {
  private readonly producer: Producer;
  private readonly coalescer: SendCoalescer;
  private connecting?: Promise<void>;

  constructor(private readonly connection: KafkaConnection) {
    // kafkajs' idempotent mode only where configured (a replicated cluster, ADR 0068): on a
    // single broker it breaks across broker restarts, and consumers dedupe by message id anyway
    // (inbox). One batch is in flight at a time, which keeps per-key order.
    const idempotent = connection.options.idempotentProducer === true;
    this.producer = connection.kafka.producer({
      allowAutoTopicCreation: false,
      createPartitioner: Partitioners.DefaultPartitioner,
      ...(idempotent ? { idempotent: true, maxInFlightRequests: 1 } : {}),
    });
    this.producer.on(this.producer.events.DISCONNECT, () => (this.connecting = undefined));
    this.coalescer = new SendCoalescer(async (topicMessages) => {
      await this.producer.sendBatch({
        acks: -1,
        compression: CompressionTypes.None,
        topicMessages,
      });
    });
  }

  async connect(): Promise<void> {
    this.connecting ??= this.producer.connect().catch((error: unknown) => {
      this.connecting = undefined;
      throw error;
    });
    return this.connecting;
  }

  async publish(messages: readonly OutgoingMessage[]): Promise<void> {
    await this.publishSerialized(messages.map(serializedOf));
  }

  /** Sends envelopes already serialized (the outbox's rows, ADR 0044), in one producer call. */
  async publishSerialized(messages: readonly SerializedMessage[]): Promise<void> {
    if (messages.length === 0) return;
    await this.connect();
    const byTopic = new Map<string, Message[]>();
    for (const { topic, key, type, value, correlationId, headers } of messages) {
      const physical = this.connection.topicName(topic);
      const list = byTopic.get(physical) ?? [];
      list.push(kafkaMessage(key, type, value, correlationId, headers));
      byTopic.set(physical, list);
    }
    await this.coalescer.send(byTopic);
  }

  /** Sends one message as it is, to a physical topic name (replies and dead letters). */
  publishRaw(physicalTopic: string, message: Message): Promise<void> {
    return this.publishRawBatch([{ topic: physicalTopic, message }]);
  }

  /** Sends messages as they are, to physical topic names, in one producer call (ADR 0038). */
  async publishRawBatch(records: readonly RawRecord[]): Promise<void> {
    if (records.length === 0) return;
    const byTopic = new Map<string, Message[]>();
    for (const { topic, message } of records) {
      if (message.key === null || message.key === undefined || message.key.length === 0) {
        throw new Error(`A message to ${topic} needs a key`);
      }
      byTopic.set(topic, [...(byTopic.get(topic) ?? []), message]);
    }
    await this.connect();
    await this.coalescer.send(byTopic);
  }

  async disconnect(): Promise<void> {
    this.connecting = undefined;
    await this.producer.disconnect();
  }
}

function serializedOf({ topic, envelope, headers }: OutgoingMessage): SerializedMessage {
  if (!envelope.key) throw new Error(`Message ${envelope.id} of type ${envelope.type} has no key`);
  return {
    topic,
    key: envelope.key,
    type: envelope.type,
    value: JSON.stringify(envelope),
    correlationId: envelope.correlationId ?? null,
    headers,
  };
}

/** The one shape of a message on the wire: the type header routes it before its JSON is read. */
function kafkaMessage(
  key: string,
  type: string,
  value: string,
  correlationId: string | null,
  headers: Record<string, string> | undefined,
): Message {
  if (!key) throw new Error(`A message of type ${type} needs a key`);
  return {
    key,
    value,
    headers: {
      [MessageHeaders.messageType]: type,
      ...(correlationId ? { [MessageHeaders.correlationId]: correlationId } : {}),
      ...headers,
    },
  };
}
