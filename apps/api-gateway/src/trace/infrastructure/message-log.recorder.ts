import {
  Injectable,
  Logger,
  type OnApplicationBootstrap,
  type OnApplicationShutdown,
} from '@nestjs/common';
import type { Consumer, KafkaMessage } from 'kafkajs';
import { DataSource } from 'typeorm';
import { MessageHeaders, Topics, type MessageEnvelope, type TopicDefinition } from '@opp/contracts';
import { KafkaConnection } from '@opp/messaging';
import { GatewayConfig } from '../../config/gateway.config';

/** Events and commands, and the requests that change something (reads would fill it with noise). */
const RECORDED: readonly TopicDefinition[] = Object.values(Topics).filter(
  (t: TopicDefinition) => t.kind === 'event' || t.kind === 'command' || t.kind === 'request',
);
const READS = /\.(get|list|search|trace|balance)[a-z-]*\.v\d+$/;

const RETENTION_DAYS = 7;
const PURGE_EVERY_MS = 3_600_000;
const RESTART_AFTER_MS = 5_000;

interface Row {
  topic: string;
  partition: number;
  offset: string;
  id: string | null;
  type: string | null;
  key: string | null;
  correlationId: string | null;
  causationId: string | null;
  traceparent: string | null;
  occurredAt: string;
}

/**
 * The trace read model of messages (ADR 0066): one consumer group for every gateway replica reads
 * the event, command and request topics and keeps each message's topic, partition, offset, type,
 * key, correlation, causation and trace ids, one statement per fetched batch. Off every service's
 * hot path: nothing waits for it, and a trace made while it lags shows fewer messages.
 */
@Injectable()
export class MessageLogRecorder implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger(MessageLogRecorder.name);
  private consumer?: Consumer;
  private purge?: NodeJS.Timeout;
  private stopped = false;

  constructor(
    private readonly connection: KafkaConnection,
    private readonly dataSource: DataSource,
    private readonly config: GatewayConfig,
  ) {}

  /**
   * Started in the background: a broker that is down delays the trace, never the gateway. With
   * TRACE_RECORDING=off it does not read at all; older rows are still purged.
   */
  onApplicationBootstrap(): void {
    this.stopped = false;
    if (this.config.traceRecording === 'on') void this.start();
    else this.logger.log({ msg: 'trace message recorder off (TRACE_RECORDING=off)' });
    this.purge = setInterval(() => void this.purgeOld(), PURGE_EVERY_MS);
    this.purge.unref();
  }

  private async start(): Promise<void> {
    if (this.stopped) return;
    const consumer = this.connection.kafka.consumer({
      groupId: this.connection.groupId('api-gateway.trace-messages'),
      sessionTimeout: 30_000,
      // The broker holds a fetch until 1 MB is there or three seconds have passed: under load one
      // fetch and one INSERT carry thousands of messages, where a fetch per message burst cost the
      // broker and the gateway more CPU than the rest of the recording (ADR 0066). A trace waits
      // at most those seconds longer for its messages.
      minBytes: 1024 * 1024,
      maxWaitTimeInMs: 3_000,
    });
    this.consumer = consumer;
    consumer.on(consumer.events.CRASH, ({ payload }) => {
      this.logger.warn({ msg: 'trace message recorder crashed', error: payload.error.message });
      if (!payload.restart) this.restartLater();
    });
    try {
      await consumer.connect();
      await consumer.subscribe({
        topics: RECORDED.map((t) => this.connection.topicName(t)),
        fromBeginning: false,
      });
      await consumer.run({
        autoCommitInterval: 5_000,
        eachBatch: async ({ batch }) => {
          const rows = batch.messages.flatMap((m) =>
            rowOf(this.unprefixed(batch.topic), batch.partition, m),
          );
          await this.insert(rows);
        },
      });
    } catch (error) {
      // The trace lacks messages meanwhile; the gateway serves on (ADR 0066).
      this.logger.warn({
        msg: 'trace message recorder did not start',
        error: (error as Error).message,
      });
      this.restartLater();
    }
  }

  private restartLater(): void {
    if (this.stopped) return;
    const consumer = this.consumer;
    setTimeout(() => {
      void consumer
        ?.disconnect()
        .catch(() => undefined)
        .then(() => this.start());
    }, RESTART_AFTER_MS).unref();
  }

  async onApplicationShutdown(): Promise<void> {
    this.stopped = true;
    if (this.purge) clearInterval(this.purge);
    await this.consumer?.disconnect().catch(() => undefined);
  }

  private unprefixed(topic: string): string {
    const prefix = this.connection.prefix;
    return prefix && topic.startsWith(prefix) ? topic.slice(prefix.length) : topic;
  }

  private async insert(rows: Row[]): Promise<void> {
    if (rows.length === 0) return;
    await this.dataSource.query(
      `INSERT INTO trace_messages (topic, partition, "offset", message_id, type, message_key,
         correlation_id, causation_id, traceparent, occurred_at)
       SELECT * FROM unnest($1::text[], $2::int[], $3::bigint[], $4::text[], $5::text[],
         $6::text[], $7::text[], $8::text[], $9::text[], $10::timestamptz[])
       ON CONFLICT DO NOTHING`,
      [
        rows.map((r) => r.topic),
        rows.map((r) => r.partition),
        rows.map((r) => r.offset),
        rows.map((r) => r.id),
        rows.map((r) => r.type),
        rows.map((r) => r.key),
        rows.map((r) => r.correlationId),
        rows.map((r) => r.causationId),
        rows.map((r) => r.traceparent),
        rows.map((r) => r.occurredAt),
      ],
    );
  }

  private async purgeOld(): Promise<void> {
    await this.dataSource
      .query(
        `DELETE FROM trace_messages
          WHERE recorded_at < now() - make_interval(days => ${RETENTION_DAYS})`,
      )
      .catch((error: unknown) =>
        this.logger.warn({ msg: 'trace message purge failed', error: String(error) }),
      );
  }
}

function rowOf(topic: string, partition: number, message: KafkaMessage): Row[] {
  // The type header routes a message before its JSON is read: a read is dropped unparsed.
  const typeHeader = message.headers?.[MessageHeaders.messageType]?.toString();
  if (typeHeader && READS.test(typeHeader)) return [];
  let envelope: Partial<MessageEnvelope> = {};
  try {
    envelope = message.value ? (JSON.parse(message.value.toString()) as MessageEnvelope) : {};
  } catch {
    // Not an envelope: kept with what Kafka says of it.
  }
  if (typeof envelope.type === 'string' && READS.test(envelope.type)) return [];
  const occurred = Date.parse(envelope.occurredAt ?? '');
  return [
    {
      topic,
      partition,
      offset: message.offset,
      id: str(envelope.id),
      type: str(envelope.type),
      key: str(envelope.key) ?? message.key?.toString() ?? null,
      correlationId: str(envelope.correlationId),
      causationId: str(envelope.causationId),
      traceparent: message.headers?.['traceparent']?.toString() ?? null,
      occurredAt: new Date(
        Number.isNaN(occurred) ? Number(message.timestamp) : occurred,
      ).toISOString(),
    },
  ];
}

function str(value: unknown): string | null {
  return typeof value === 'string' && value !== '' ? value : null;
}
