import type { EachMessagePayload } from 'kafkajs';
import { MessageHeaders } from '@opp/contracts';
import { inSpan, readTraceHeaders, SpanKind } from '@opp/observability';

/**
 * Handles one consumed message inside a consumer span that continues the producer's trace (the
 * `traceparent` header the outbox stored at write time), so everything the handler does (effects,
 * outbox rows, replies, dead letters, logs) belongs to the trace that caused the message.
 */
export function inConsumerSpan<T>(
  { topic, partition, message }: Pick<EachMessagePayload, 'topic' | 'partition' | 'message'>,
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
        ...(type ? { 'opp.message_type': type } : {}),
        ...(correlationId ? { 'opp.correlation_id': correlationId } : {}),
      },
    },
    work,
  );
}
