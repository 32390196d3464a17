import { getMetadataStorage } from 'class-validator';
import { validationMetadatasToSchemas } from 'class-validator-jsonschema';
import { allTopics, MessageHeaders, messageRegistry, type AnyDefinition } from '@opp/contracts';

type Schema = Record<string, unknown>;

const ENVELOPE: Schema = {
  type: 'object',
  required: ['id', 'type', 'key', 'occurredAt', 'payload'],
  properties: {
    id: {
      type: 'string',
      format: 'uuid',
      description: 'Unique per message; consumers dedupe on it.',
    },
    type: { type: 'string', description: 'Message type and version, e.g. users.user-created.v1.' },
    key: { type: 'string', description: 'Aggregate id; also the Kafka message key.' },
    occurredAt: { type: 'string', format: 'date-time' },
    correlationId: { type: 'string' },
    causationId: { type: 'string' },
    payload: { type: 'object' },
  },
};

const HEADERS: Schema = {
  type: 'object',
  properties: Object.fromEntries(
    Object.values(MessageHeaders).map((name) => [name, { type: 'string' }]),
  ),
};

const id = (text: string) => text.replace(/[^A-Za-z0-9]+/g, '_');

/**
 * The AsyncAPI 3 description of every topic and message, built from libs/contracts so it cannot
 * drift from what services validate. Payload schemas come from the class-validator decorators.
 */
export function buildAsyncApiDocument(): Schema {
  const schemas = validationMetadatasToSchemas({
    classValidatorMetadataStorage: getMetadataStorage(),
    refPointerPrefix: '#/components/schemas/',
  });
  const definitions = [...messageRegistry.values()];
  const byTopic = (name: string) => definitions.filter((d) => d.topic.name === name);
  const channels = Object.fromEntries(
    allTopics.map((topic) => [
      id(topic.name),
      {
        address: topic.name,
        description: `${topic.kind} topic${topic.compacted ? ' (compacted)' : ''}; physical name ${'`'}<KAFKA_TOPIC_PREFIX>${topic.name}${'`'}`,
        messages: Object.fromEntries(
          byTopic(topic.name).map((d) => [
            id(d.type),
            { $ref: `#/components/messages/${id(d.type)}` },
          ]),
        ),
      },
    ]),
  );
  const messages = Object.fromEntries(definitions.map((d) => [id(d.type), message(d)]));
  return {
    asyncapi: '3.0.0',
    info: {
      title: 'Payment platform events and commands',
      version: '1.0.0',
      description:
        'Every message is a JSON envelope keyed by its aggregate id. Consumers validate the payload ' +
        'against its schema, apply each message id once, and park messages that keep failing on ' +
        '`<topic>.dlq`. Generated from libs/contracts by `npm run asyncapi`.',
    },
    channels,
    components: { messages, schemas: { Envelope: ENVELOPE, ...sortKeys(schemas) } },
  };
}

function message(definition: AnyDefinition): Schema {
  return {
    name: definition.type,
    title: definition.type,
    summary:
      definition.kind === 'request' ? 'Request answered on the requester reply topic' : 'Message',
    contentType: 'application/json',
    headers: HEADERS,
    payload: {
      allOf: [
        { $ref: '#/components/schemas/Envelope' },
        {
          type: 'object',
          properties: { payload: { $ref: `#/components/schemas/${definition.schema.name}` } },
        },
      ],
    },
  };
}

function sortKeys<T>(record: Record<string, T>): Record<string, T> {
  return Object.fromEntries(Object.entries(record).sort(([a], [b]) => a.localeCompare(b)));
}
