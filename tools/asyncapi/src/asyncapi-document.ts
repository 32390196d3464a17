import * as path from 'node:path';
import { getMetadataStorage } from 'class-validator';
import { defaultMetadataStorage } from 'class-transformer/cjs/storage';
import { validationMetadatasToSchemas } from 'class-validator-jsonschema';
import * as contracts from '@opp/contracts';
import { allTopics, messageRegistry, Topics, type AnyDefinition } from '@opp/contracts';
import { findRepoRoot } from '@opp/local-stack';
import { messageExamples } from './examples';
import { ENVELOPE, headersSchema, REPLY_ERROR, replyPayload } from './envelope-schemas';
import { admitNull, nullableProperties } from './nullable-properties';
import { PARTICIPANTS } from './participants';
import { replySchemas } from './reply-schemas';

type Schema = Record<string, unknown>;

const KAFKA_BINDING_VERSION = '0.5.0';
const id = (text: string) => text.replace(/[^A-Za-z0-9]+/g, '_');
const replyId = (definition: AnyDefinition) => id(`${definition.type}.reply`);
const REPLY_CHANNEL = id(Topics.gatewayReplies.name);

/**
 * The AsyncAPI 3 description of every topic, message, reply and who sends and receives each, built
 * from libs/contracts so it cannot drift from what services validate. Payload schemas come from
 * the class-validator decorators, answers' schemas from the TypeScript types of the requests.
 */
export function buildAsyncApiDocument(): Schema {
  const root = findRepoRoot();
  const replies = replySchemas(
    path.join(root, 'libs', 'contracts', 'src'),
    path.join(root, 'tsconfig.json'),
  );
  const payloadSchemas = withNulls(
    validationMetadatasToSchemas({
      classValidatorMetadataStorage: getMetadataStorage(),
      classTransformerMetadataStorage: defaultMetadataStorage,
      refPointerPrefix: '#/components/schemas/',
    }) as Record<string, Schema>,
    nullableProperties(path.join(root, 'libs', 'contracts', 'src')),
  );
  const definitions = [...messageRegistry.values()];
  const requests = definitions.filter((d) => d.kind === 'request');
  const answerType = answerTypes(replies.answerTypeOf);

  const messages: Record<string, Schema> = {};
  for (const d of definitions) messages[id(d.type)] = message(d);
  for (const d of requests) messages[replyId(d)] = replyMessage(d, answerType(d));
  const schemas = sortKeys({
    Envelope: ENVELOPE,
    ReplyError: REPLY_ERROR,
    ...replies.schemas,
    ...payloadSchemas,
  });
  for (const m of Object.values(messages)) {
    m.examples = messageExamples(m as { name: string; payload: unknown }, schemas);
  }

  return {
    asyncapi: '3.1.0',
    info: {
      title: 'Payment platform events and commands',
      version: '1.0.0',
      description:
        'Every message is a JSON envelope keyed as its topic says. Consumers validate the payload ' +
        'against its schema, apply each message id once, and park messages that keep failing on ' +
        '`<topic>.dlq`. Requests are answered on the requester reply topic (header ' +
        '`x-reply-topic`). Operations are named `<service>__send|receive__<message>`. Generated ' +
        'from libs/contracts by `npm run asyncapi`.',
    },
    defaultContentType: 'application/json',
    servers: {
      cluster: {
        host: 'kafka:9092',
        protocol: 'kafka',
        description:
          'The deployment cluster (`KAFKA_BROKERS`; TLS and SASL per docs/operations). Topic ' +
          'names get the deployment prefix `KAFKA_TOPIC_PREFIX`.',
      },
    },
    channels: channels(definitions, requests),
    operations: operations(definitions),
    components: {
      messages,
      schemas,
    },
  };
}

function channels(definitions: AnyDefinition[], requests: AnyDefinition[]): Schema {
  return Object.fromEntries(
    allTopics.map((topic) => {
      const own = definitions.filter((d) => d.topic.name === topic.name).map((d) => id(d.type));
      const names = topic.name === Topics.gatewayReplies.name ? requests.map(replyId) : own;
      return [
        id(topic.name),
        {
          address: topic.name,
          description: `${topic.kind} topic${topic.compacted ? ' (compacted)' : ''}; key: ${topic.key}; physical name ${'`'}<KAFKA_TOPIC_PREFIX>${topic.name}${'`'}`,
          messages: Object.fromEntries(
            names.map((name) => [name, { $ref: `#/components/messages/${name}` }]),
          ),
          bindings: {
            kafka: {
              topic: topic.name,
              ...(topic.partitions ? { partitions: topic.partitions } : {}),
              ...(topic.compacted ? { topicConfiguration: { 'cleanup.policy': ['compact'] } } : {}),
              bindingVersion: KAFKA_BINDING_VERSION,
            },
          },
        },
      ];
    }),
  );
}

function operations(definitions: AnyDefinition[]): Schema {
  const result: Record<string, Schema> = {};
  for (const d of definitions) {
    const participants = PARTICIPANTS[d.type];
    if (!participants)
      throw new Error(`${d.type}: add its senders and receivers to participants.ts`);
    const channel = { $ref: `#/channels/${id(d.topic.name)}` };
    const messages = [{ $ref: `#/channels/${id(d.topic.name)}/messages/${id(d.type)}` }];
    const reply =
      d.kind === 'request'
        ? {
            address: {
              location: '$message.header#/x-reply-topic',
              description: 'The reply topic the requester named.',
            },
            channel: { $ref: `#/channels/${REPLY_CHANNEL}` },
            messages: [{ $ref: `#/channels/${REPLY_CHANNEL}/messages/${replyId(d)}` }],
          }
        : undefined;
    for (const app of participants.senders) {
      result[`${id(app)}__send__${id(d.type)}`] = {
        action: 'send',
        title: `${app} sends ${d.type}`,
        channel,
        messages,
        tags: [{ name: app }],
        ...(reply ? { reply } : {}),
      };
    }
    for (const app of participants.receivers) {
      result[`${id(app)}__receive__${id(d.type)}`] = {
        action: 'receive',
        title: `${app} receives ${d.type}${reply ? ' and answers it' : ''}`,
        channel,
        messages,
        tags: [{ name: app }],
        ...(reply ? { reply } : {}),
      };
    }
  }
  return result;
}

function message(definition: AnyDefinition): Schema {
  return {
    name: definition.type,
    title: definition.type,
    summary:
      definition.kind === 'request'
        ? 'Request, answered on the requester reply topic'
        : `${definition.topic.kind[0].toUpperCase()}${definition.topic.kind.slice(1)}`,
    contentType: 'application/json',
    headers: headersSchema('request-or-message'),
    payload: {
      allOf: [
        { $ref: '#/components/schemas/Envelope' },
        {
          type: 'object',
          properties: {
            type: { const: definition.type },
            payload: { $ref: `#/components/schemas/${definition.schema.name}` },
          },
        },
      ],
    },
    bindings: kafkaKey(definition.topic.key),
  };
}

function replyMessage(definition: AnyDefinition, answerType: string): Schema {
  return {
    name: `${definition.type}.reply`,
    title: `${definition.type}.reply`,
    summary: `The answer to ${definition.type}: a value or a refusal with a code of the error catalogue`,
    contentType: 'application/json',
    headers: headersSchema('reply'),
    payload: {
      allOf: [
        { $ref: '#/components/schemas/Envelope' },
        {
          type: 'object',
          properties: {
            type: { const: `${definition.type}.reply` },
            payload: replyPayload(answerSchema(answerType)),
          },
        },
      ],
    },
    bindings: kafkaKey(Topics.gatewayReplies.key),
  };
}

/** `Name` or `Name[]` (a list of them) as a schema of components. */
function answerSchema(answerType: string): Schema {
  const item = { $ref: `#/components/schemas/${answerType.replace(/\[\]$/, '')}` };
  return answerType.endsWith('[]') ? { type: 'array', items: item } : item;
}

const kafkaKey = (description: string) => ({
  kafka: { key: { type: 'string', description }, bindingVersion: KAFKA_BINDING_VERSION },
});

/** Request definition -> its answer's type name, through the name each is exported under. */
function answerTypes(byExportName: ReadonlyMap<string, string>) {
  const exportName = new Map<unknown, string>(
    Object.entries(contracts).map(([name, value]) => [value, name]),
  );
  return (definition: AnyDefinition): string => {
    const answer = byExportName.get(exportName.get(definition) ?? '');
    if (!answer) throw new Error(`${definition.type}: no answer type found for its request`);
    return answer;
  };
}

/**
 * The decorators do not say a property may be null (`@IsOptional()` lets null through unsaid), so
 * each `| null` of the contract classes is added here: the wire carries those nulls.
 */
function withNulls(
  schemas: Record<string, Schema>,
  nullable: ReadonlyMap<string, ReadonlySet<string>>,
): Record<string, Schema> {
  return Object.fromEntries(
    Object.entries(schemas).map(([name, schema]) => {
      const props = schema.properties as Record<string, Schema> | undefined;
      const names = nullable.get(name);
      if (!props || !names) return [name, schema];
      const properties = Object.fromEntries(
        Object.entries(props).map(([key, value]) => [
          key,
          names.has(key) ? admitNull(value) : value,
        ]),
      );
      return [name, { ...schema, properties }];
    }),
  );
}

function sortKeys<T>(record: Record<string, T>): Record<string, T> {
  return Object.fromEntries(Object.entries(record).sort(([a], [b]) => a.localeCompare(b)));
}
