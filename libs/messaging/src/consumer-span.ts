import type { EachMessagePayload } from 'kafkajs';
import { MessageHeaders } from '@opp/contracts';
import { inSpan, readTraceHeaders, SpanKind } from '@opp/observability';

/** A consumed message, and how many messages of its partition were behind it when fetched. */
export interface Consumed extends Pick<EachMessagePayload, 'topic' | 'partition' | 'message'> {
  /** The partition's high watermark at the fetch, minus this offset, minus one. */
  lag?: number;
}

/** The consumer lag of a fetched message: its partition's high watermark - its offset - 1. */
export function consumerLag(highWatermark: string, offset: string): number {
  return Math.max(0, Number(BigInt(highWatermark) - BigInt(offset) - 1n));
}

/**
 * Handles one consumed message inside a consumer span that continues the producer's trace (the
 * `traceparent` header the outbox stored at write time), so everything the handler does (effects,
 * statements, outbox rows, replies, dead letters, logs) belongs to the trace that caused the
 * message. The span carries the consumer lag at the fetch (`messaging.kafka.consumer.lag`).
 */
export function inConsumerSpan<T>(
  { topic, partition, message, lag }: Consumed,
  work: () => Promise<T>,
): Promise<T> {
  const type = message.headers?.[MessageHeaders.messageType]?.toString();
  const correlationId = message.headers?.[MessageHeaders.correlationId]?.toString();
  return inSpan(
    `process ${type ?? topic}`,
    {
      kind: SpanKind.CONSUMER,
      parent: readTraceHeaders(message.headers),
      attributes: {
        'messaging.system': 'kafka',
        'messaging.operation.type': 'process',
        'messaging.destination.name': topic,
        'messaging.destination.partition.id': String(partition),
        'messaging.kafka.message.offset': Number(message.offset),
        ...(lag === undefined ? {} : { 'messaging.kafka.consumer.lag': lag }),
        ...(type ? { 'opp.message_type': type } : {}),
        ...(correlationId ? { 'opp.correlation_id': correlationId } : {}),
      },
    },
    work,
  );
}
