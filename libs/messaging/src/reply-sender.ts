import { randomUUID } from 'node:crypto';
import type { Message } from 'kafkajs';
import { MessageHeaders, replyError, type Reply } from '@opp/contracts';
import { currentTraceHeaders, traceHeaderFields } from '@opp/observability';
import type { DecodedMessage } from './message-decoder';
import type { MessageProducer, RawRecord } from './message-producer';

/**
 * Sends a request's answer to the reply topic the requester named, tagged with the request id, the
 * correlation id and the trace context of the handling (the requester's trace goes on).
 */
export class ReplySender {
  constructor(private readonly producer: MessageProducer) {}

  async send(request: DecodedMessage, reply: unknown): Promise<void> {
    const record = this.record(request, reply);
    if (record) await this.producer.publishRaw(record.topic, record.message);
  }

  sendError(request: DecodedMessage, code: number, message: string): Promise<void> {
    return this.send(request, replyError(code, message));
  }

  /** Several answers in one producer call: the replies of a batch, after its commit (ADR 0065). */
  async sendAll(records: readonly RawRecord[]): Promise<void> {
    await this.producer.publishRawBatch(records);
  }

  /** The answer as a record, with the trace context of the current (the handler's) span. */
  record(request: DecodedMessage, reply: unknown): RawRecord | undefined {
    if (!request.replyTopic) return undefined;
    const { envelope } = request;
    const message: Message = {
      key: envelope.key,
      value: JSON.stringify({
        id: randomUUID(),
        type: `${envelope.type}.reply`,
        key: envelope.key,
        occurredAt: new Date().toISOString(),
        correlationId: envelope.correlationId,
        causationId: envelope.id,
        payload: reply as Reply<unknown>,
      }),
      headers: {
        [MessageHeaders.inReplyTo]: envelope.id,
        ...(envelope.correlationId
          ? { [MessageHeaders.correlationId]: envelope.correlationId }
          : {}),
        ...traceHeaderFields(currentTraceHeaders()),
      },
    };
    return { topic: request.replyTopic, message };
  }
}
