import { MessageHeaders } from '@opp/contracts';
import { TRACEPARENT_HEADER, TRACESTATE_HEADER } from '@opp/observability';

type Schema = Record<string, unknown>;

export const ENVELOPE: Schema = {
  type: 'object',
  required: ['id', 'type', 'key', 'occurredAt', 'payload'],
  properties: {
    id: {
      type: 'string',
      format: 'uuid',
      description: 'Unique per message; consumers dedupe on it.',
    },
    type: { type: 'string', description: 'Message type and version, e.g. users.user-created.v1.' },
    key: { type: 'string', description: 'The Kafka message key (what the topic says it holds).' },
    occurredAt: { type: 'string', format: 'date-time' },
    correlationId: {
      type: 'string',
      description: 'The HTTP request or tree this work belongs to.',
    },
    causationId: { type: 'string', description: 'The id of the message that caused this one.' },
    payload: { type: 'object' },
  },
};

export const REPLY_ERROR: Schema = {
  type: 'object',
  required: ['code', 'message'],
  properties: {
    code: { type: 'integer', description: 'A code of the public error catalogue (libs/errors).' },
    message: { type: 'string' },
  },
};

/** The payload of an answer: the value, or a business refusal (libs/contracts reply.ts). */
export const replyPayload = (value: Schema): Schema => ({
  oneOf: [
    {
      type: 'object',
      required: ['ok', 'value'],
      properties: { ok: { const: true }, value },
    },
    {
      type: 'object',
      required: ['ok', 'error'],
      properties: { ok: { const: false }, error: { $ref: '#/components/schemas/ReplyError' } },
    },
  ],
});

const HEADER_MEANING: Record<keyof typeof MessageHeaders, string> = {
  messageType:
    'The message type (as `type` in the envelope), so consumers can route or skip before parsing.',
  correlationId: 'The HTTP request or processing tree this message belongs to.',
  replyTopic: 'Requests: the topic the answer goes to.',
  inReplyTo: 'Replies: the envelope id of the request answered.',
  deadLetterReason: 'Dead letters: why the message was parked.',
  deadLetterSourceTopic: 'Dead letters: the topic the message came from.',
  deadLetterConsumer: 'Dead letters: the consumer group that parked it.',
};

const TRACE_MEANING = {
  [TRACEPARENT_HEADER]: 'W3C Trace Context of the sending unit of work.',
  [TRACESTATE_HEADER]: 'W3C Trace Context vendor state, when the sender had one.',
};

/** Kafka headers: every name the platform writes, what it means, and which are always present. */
export function headersSchema(kind: 'request-or-message' | 'reply'): Schema {
  const properties: Record<string, Schema> = {};
  for (const [key, name] of Object.entries(MessageHeaders)) {
    properties[name] = {
      type: 'string',
      description: HEADER_MEANING[key as keyof typeof MessageHeaders],
    };
  }
  for (const [name, description] of Object.entries(TRACE_MEANING)) {
    properties[name] = { type: 'string', description };
  }
  return {
    type: 'object',
    required: kind === 'reply' ? [MessageHeaders.inReplyTo] : [MessageHeaders.messageType],
    properties,
  };
}
