import {
  CompressionTypes,
  Partitioners,
  type Message,
  type Producer,
  type TopicMessages,
} from 'kafkajs';
import { MessageHeaders, type MessageEnvelope, type TopicDefinition } from '@opp/contracts';
import { inSpan, inTraceContext, SpanKind, tracingOn } from '@opp/observability';
import { Coalescer } from '@opp/scheduling';
import type { KafkaConnection } from './kafka-connection';

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
 * message caps a producer near a few thousand messages a second.
 */
export class MessageProducer {
  private readonly producer: Producer;
  private connecting?: Promise<void>;
  /**
   * Sends started while a request is in flight go together in the next request (ADR 0065), in
   * the order they were started, so per-key order holds; each caller gets its own outcome.
   */
  private readonly requests = new Coalescer<TopicRecords, void>(
    async (calls) => {
      await this.sendRequest(mergeByTopic(calls));
      return calls.map(() => undefined);
    },
    {
      maxWeight: MAX_MESSAGES_PER_REQUEST,
      weigh: countMessages,
      // A refused merged request (a message the broker will not take) goes again caller by caller.
      aloneAfter: (error) => (error as { retriable?: boolean }).retriable === false,
    },
  );

  constructor(private readonly connection: KafkaConnection) {
    // kafkajs' idempotent mode only where configured (a replicated cluster, ADR 0022): on a
    // single broker it breaks across broker restarts, and consumers dedupe by message id anyway
    // (inbox). One request is in flight per broker at a time (kafkajs queues the others in call
    // order), which keeps per-key order when a request is retried.
    const idempotent = connection.options.idempotentProducer === true;
    this.producer = connection.kafka.producer({
      allowAutoTopicCreation: false,
      createPartitioner: Partitioners.DefaultPartitioner,
      maxInFlightRequests: 1,
      ...(idempotent ? { idempotent: true } : {}),
    });
    this.producer.on(this.producer.events.DISCONNECT, () => (this.connecting = undefined));
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

  /** Sends envelopes already serialized (the outbox's rows, ADR 0065), in one producer call. */
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
    await this.send(byTopic);
  }

  /** Sends one message as it is, to a physical topic name (replies and dead letters). */
  publishRaw(physicalTopic: string, message: Message): Promise<void> {
    return this.publishRawBatch([{ topic: physicalTopic, message }]);
  }

  /** Sends messages as they are, to physical topic names, in one producer call (ADR 0065). */
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
    await this.send(byTopic);
  }

  /**
   * One call's messages in a producer request, shared with the calls started while the previous
   * request was in flight, in a producer span of the current trace (a request's, a consumed
   * message's) that covers the wait for it; a send outside any (the relay, a batch's replies and
   * committed rows, which serve several traces) opens none. The messages keep the trace context
   * they were written with, which their consumers continue.
   */
  private async send(byTopic: TopicRecords): Promise<void> {
    const send = () => this.requests.add(byTopic);
    if (!tracingOn() || !inTraceContext()) {
      await send();
      return;
    }
    const topics = [...byTopic.keys()];
    await inSpan(
      `send ${topics.join(' ')}`,
      {
        kind: SpanKind.PRODUCER,
        attributes: {
          'messaging.system': 'kafka',
          'messaging.operation.type': 'send',
          'messaging.destination.name': topics.join(' '),
          'messaging.batch.message_count': countMessages(byTopic),
        },
      },
      send,
    );
  }

  private async sendRequest(topicMessages: TopicMessages[]): Promise<void> {
    await this.producer.sendBatch({
      acks: -1,
      compression: CompressionTypes.None,
      topicMessages,
    });
  }

  async disconnect(): Promise<void> {
    this.connecting = undefined;
    await this.producer.disconnect();
  }
}

/** One caller's messages, by physical topic, in the order it gave them. */
type TopicRecords = ReadonlyMap<string, readonly Message[]>;

/** Most messages one merged request carries (the relay's own batches are 500). */
const MAX_MESSAGES_PER_REQUEST = 1000;

function countMessages(byTopic: TopicRecords): number {
  let count = 0;
  for (const messages of byTopic.values()) count += messages.length;
  return count;
}

function mergeByTopic(calls: readonly TopicRecords[]): TopicMessages[] {
  const byTopic = new Map<string, Message[]>();
  for (const call of calls) {
    for (const [topic, messages] of call) {
      const list = byTopic.get(topic);
      if (list) list.push(...messages);
      else byTopic.set(topic, [...messages]);
    }
  }
  return [...byTopic].map(([topic, messages]) => ({ topic, messages }));
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
