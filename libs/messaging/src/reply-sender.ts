import { randomUUID } from 'node:crypto';
import { MessageHeaders, replyError, type Reply } from '@opp/contracts';
import type { DecodedMessage } from './message-decoder';
import type { MessageProducer } from './message-producer';

/** Sends a request's answer to the reply topic the requester named, tagged with the request id. */
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
      headers: { [MessageHeaders.inReplyTo]: envelope.id },
    });
  }

  sendError(request: DecodedMessage, code: number, message: string): Promise<void> {
    return this.send(request, replyError(code, message));
  }
}
