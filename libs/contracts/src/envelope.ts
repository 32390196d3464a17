import {
  IsISO8601,
  IsNotEmpty,
  IsObject,
  IsOptional,
  IsString,
  IsUUID,
  MaxLength,
} from 'class-validator';

/**
 * The shape of every message on every topic. `id` is unique per message (consumers dedupe on it),
 * `key` is the aggregate id and also the Kafka message key, so one aggregate's messages stay in order.
 */
export interface MessageEnvelope<P = unknown> {
  id: string;
  /** Message type and version, e.g. `users.user-created.v1`. */
  type: string;
  key: string;
  occurredAt: string;
  correlationId?: string;
  /** Id of the message that caused this one, when there is one. */
  causationId?: string;
  payload: P;
}

/** Kafka headers that travel with every message (correlation end to end). */
export const MessageHeaders = {
  messageType: 'x-message-type',
  correlationId: 'x-correlation-id',
  /** Request/reply: the topic the answer goes to, and the request it answers. */
  replyTopic: 'x-reply-topic',
  inReplyTo: 'x-in-reply-to',
  /** Dead letters: why and where a message was parked. */
  deadLetterReason: 'x-dead-letter-reason',
  deadLetterSourceTopic: 'x-dead-letter-source-topic',
  deadLetterConsumer: 'x-dead-letter-consumer',
} as const;

export class EnvelopeSchema implements MessageEnvelope {
  @IsUUID()
  id!: string;

  @IsString()
  @IsNotEmpty()
  @MaxLength(128)
  type!: string;

  @IsString()
  @IsNotEmpty()
  @MaxLength(256)
  key!: string;

  @IsISO8601()
  occurredAt!: string;

  @IsOptional()
  @IsString()
  @MaxLength(128)
  correlationId?: string;

  @IsOptional()
  @IsString()
  @MaxLength(128)
  causationId?: string;

  @IsObject()
  payload!: unknown;
}
