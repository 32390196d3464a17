import { Logger } from '@nestjs/common';
import { randomUUID } from 'node:crypto';
import type { Consumer, KafkaMessage } from 'kafkajs';
import {
  MessageHeaders,
  type MessageEnvelope,
  type PayloadOf,
  type Reply,
  type RequestDefinition,
  type ResponseOf,
  type TopicDefinition,
} from '@opp/contracts';
import { inSpan, SpanKind, traceHeaderFields, type TraceHeaders } from '@opp/observability';
import { ConsumerRestarter } from './consumer-restarter';
import { newEnvelope } from './envelope-factory';
import { BrokerUnavailableError } from './errors';
import type { KafkaConnection } from './kafka-connection';
import type { MessageProducer } from './message-producer';
import { OFFSET_COMMIT_INTERVAL_MS, OffsetCommitter } from './offset-committer';

export interface RequestOptions {
  key: string;
  correlationId?: string;
  timeoutMs?: number;
}

interface Pending {
  resolve: (reply: Reply<unknown>) => void;
  timer: NodeJS.Timeout;
}

/**
 * Request/reply over Kafka for the gateway. Every gateway instance reads the whole reply topic in a
 * consumer group of its own and keeps the answers it is waiting for, so replies find their instance
 * without partition bookkeeping. While the reply consumer is not joined, requests fail at once with
 * BrokerUnavailableError instead of hanging; the consumer rejoins by itself when the broker returns.
 */
export class RequestClient {
  private readonly logger = new Logger(RequestClient.name);
  private readonly pending = new Map<string, Pending>();
  private consumer?: Consumer;
  private committer?: OffsetCommitter;
  /** True while the reply consumer fetches and the last publish went through. */
  private available = false;
  private readonly restarter = new ConsumerRestarter(
    () => this.startConsumer(),
    () => this.consumer,
    (error) => this.logger.warn({ msg: 'reply consumer restart failed', error: error.message }),
  );

  constructor(
    private readonly connection: KafkaConnection,
    private readonly producer: MessageProducer,
    private readonly replyTopic: TopicDefinition,
    private readonly instanceId: string = randomUUID(),
    private readonly defaultTimeoutMs = 5000,
    private readonly publishTimeoutMs = 2500,
  ) {}

  get ready(): boolean {
    return this.available;
  }

  async start(): Promise<void> {
    this.restarter.enable();
    await this.startConsumer();
  }

  async request<D extends RequestDefinition<unknown, unknown>>(
    definition: D,
    payload: PayloadOf<D>,
    options: RequestOptions,
  ): Promise<Reply<ResponseOf<D>>> {
    if (!this.available) throw new BrokerUnavailableError('broker not reachable');
    // A client span around publish and answer: the handler's consumer span becomes its child.
    return inSpan(
      `request ${definition.type}`,
      {
        kind: SpanKind.CLIENT,
        attributes: { 'messaging.system': 'kafka', 'opp.message_type': definition.type },
      },
      (span) => this.send(definition, payload, options, span.headers),
    );
  }

  private async send<D extends RequestDefinition<unknown, unknown>>(
    definition: D,
    payload: PayloadOf<D>,
    options: RequestOptions,
    trace: TraceHeaders,
  ): Promise<Reply<ResponseOf<D>>> {
    const envelope = newEnvelope(definition, options.key, payload, options);
    const reply = new Promise<Reply<unknown>>((resolve, reject) => {
      const timer = setTimeout(() => {
        this.pending.delete(envelope.id);
        reject(new BrokerUnavailableError(`no reply to ${definition.type} in time`));
      }, options.timeoutMs ?? this.defaultTimeoutMs);
      this.pending.set(envelope.id, { resolve, timer });
    });
    // The answer may time out while the publish below is still pending (a slow broker): nothing
    // awaits `reply` yet then, and an unobserved rejection would end the process. The caller
    // still gets the rejection from the returned promise.
    reply.catch(() => undefined);
    try {
      await withTimeout(
        this.producer.publish([
          {
            topic: definition.topic,
            envelope,
            headers: {
              [MessageHeaders.replyTopic]: this.connection.topicName(this.replyTopic),
              ...traceHeaderFields(trace),
            },
          },
        ]),
        this.publishTimeoutMs,
      );
    } catch (error) {
      // Fail the next requests at once until the consumer fetches again (it reconnects by itself).
      this.available = false;
      this.settle(envelope.id);
      throw new BrokerUnavailableError((error as Error).message);
    }
    return reply as Promise<Reply<ResponseOf<D>>>;
  }

  async stop(): Promise<void> {
    this.restarter.disable();
    for (const id of [...this.pending.keys()]) this.settle(id);
    await this.committer?.stop();
    await this.consumer?.disconnect();
  }

  /** A reply: answers the request waiting for it, if this instance sent it and still waits. */
  private receive(message: KafkaMessage): void {
    const inReplyTo = message.headers?.[MessageHeaders.inReplyTo]?.toString();
    if (!inReplyTo || !this.pending.has(inReplyTo) || !message.value) return;
    const envelope = JSON.parse(message.value.toString()) as MessageEnvelope<Reply<unknown>>;
    this.settle(inReplyTo)?.resolve(envelope.payload);
  }

  private settle(id: string): Pending | undefined {
    const entry = this.pending.get(id);
    if (entry) {
      clearTimeout(entry.timer);
      this.pending.delete(id);
    }
    return entry;
  }

  private async startConsumer(): Promise<void> {
    const consumer = this.connection.kafka.consumer({
      groupId: this.connection.groupId(`api-gateway.replies.${this.instanceId}`),
      sessionTimeout: 10000,
      // A reply ends an idle fetch at once; the wait only paces idle requests (ADR 0065).
      heartbeatInterval: 3000,
      maxWaitTimeInMs: 3000,
      retry: { retries: 3, initialRetryTime: 300, maxRetryTime: 2000 },
    });
    this.consumer = consumer;
    await this.committer?.stop(); // a restart: the previous consumer's last offsets, if it can
    // Offsets on an interval, not after every batch as kafkajs's autoCommit does: that was one more
    // broker request per reply. They only say where a rejoining consumer resumes (ADR 0065).
    const committer = new OffsetCommitter(consumer, OFFSET_COMMIT_INTERVAL_MS, (error) =>
      this.logger.warn({ msg: 'reply offset commit refused', error: error.message }),
    );
    this.committer = committer;
    consumer.on(consumer.events.GROUP_JOIN, () => committer.forget());
    // Ready on a completed fetch, not on join: only then is the reply offset resolved (no reply is
    // missed) and the broker proven reachable. Idle fetches return every maxWaitTimeInMs.
    consumer.on(consumer.events.FETCH, () => (this.available = true));
    consumer.on(consumer.events.REQUEST_TIMEOUT, () => (this.available = false));
    consumer.on(consumer.events.DISCONNECT, () => (this.available = false));
    consumer.on(consumer.events.CRASH, ({ payload }) => {
      this.available = false;
      this.logger.warn({ msg: 'reply consumer crashed', error: payload.error.message });
      if (!payload.restart) this.restarter.schedule();
    });
    try {
      await consumer.connect();
      await consumer.subscribe({
        topic: this.connection.topicName(this.replyTopic),
        fromBeginning: false,
      });
      await consumer.run({
        autoCommit: false,
        // A fetched batch at once (ADR 0065): no database, so nothing to gain from one at a time.
        eachBatch: async ({ batch }) => {
          for (const message of batch.messages) this.receive(message);
          const last = batch.messages.at(-1);
          if (last) committer.handled(batch.topic, batch.partition, last.offset);
        },
      });
      committer.start();
    } catch (error) {
      this.logger.warn({ msg: 'reply consumer could not start', error: (error as Error).message });
      this.restarter.schedule();
    }
  }
}

function withTimeout<T>(work: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`timed out after ${ms} ms`)), ms);
  });
  return Promise.race([work, timeout]).finally(() => clearTimeout(timer));
}
