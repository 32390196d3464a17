import { randomUUID } from 'node:crypto';
import { MessageHeaders, replyError, type Reply } from '@opp/contracts';
import { currentTraceHeaders, traceHeaderFields } from '@opp/observability';
import type { DecodedMessage } from './message-decoder';
import type { MessageProducer } from './message-producer';

/**
 * Sends a request's answer to the reply topic the requester named, tagged with the request id, the
 * correlation id and the trace context of the handling (the requester's trace goes on).
 */
export class ReplySender {
  constructor(private readonly producer: MessageProducer) {}

  async send(request: DecodedMessage, reply: unknown): Promise<void> {
    if (!request.replyTopic) return;
    const { envelope } = request;
    await this.producer.publishRaw(request.replyTopic, {
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
    });
  }

  sendError(request: DecodedMessage, code: number, message: string): Promise<void> {
    return this.send(request, replyError(code, message));
  }
}
