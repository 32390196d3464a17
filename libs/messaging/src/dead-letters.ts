import { Logger } from '@nestjs/common';
import type { KafkaMessage } from 'kafkajs';
import { MessageHeaders } from '@opp/contracts';
import type { MessageProducer } from './message-producer';

/**
 * Parks a message that cannot be applied on `<source topic>.dlq`, unchanged, with why and by whom in
 * its headers, so the partition moves on and the message can be inspected and replayed.
 * If parking fails the error propagates: the message is not committed and comes back.
 */
export class DeadLetters {
  private readonly logger = new Logger(DeadLetters.name);

  constructor(
    private readonly producer: MessageProducer,
    private readonly consumer: string,
  ) {}

  async park(physicalTopic: string, message: KafkaMessage, reason: string): Promise<void> {
    this.logger.error({ msg: 'dead-lettering message', topic: physicalTopic, reason });
    await this.producer.publishRaw(`${physicalTopic}.dlq`, {
      // A keyless message would be refused again by the producer; park it under a fixed key.
      key: message.key && message.key.length > 0 ? message.key : 'unkeyed',
      value: message.value,
      headers: {
        ...message.headers,
        [MessageHeaders.deadLetterReason]: reason.slice(0, 1000),
        [MessageHeaders.deadLetterSourceTopic]: physicalTopic,
        [MessageHeaders.deadLetterConsumer]: this.consumer,
      },
    });
  }
}
