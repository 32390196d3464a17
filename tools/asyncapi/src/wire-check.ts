import * as fs from 'node:fs';
import Ajv, { type ValidateFunction } from 'ajv';
import * as yaml from 'js-yaml';

interface AsyncApiDocument {
  channels: Record<string, { address: string; messages: Record<string, { $ref: string }> }>;
  components: { messages: Record<string, { name: string; payload: unknown }> };
}

export interface WireMessage {
  /** The topic without the deployment prefix. */
  topic: string;
  where: string;
  value: string;
}

const BASE = 'https://opp.local/asyncapi.json';

/**
 * The document's message schemas compiled with ajv: message key (of `components.messages`) -> the
 * validator of its envelope, or undefined when the document has no such message.
 */
export function messageSchemas(document: Pick<AsyncApiDocument, 'components'>) {
  const ajv = new Ajv({ allErrors: true, unknownFormats: 'ignore', schemaId: '$id' });
  ajv.addSchema({ $id: BASE, components: document.components });
  return (key: string): ValidateFunction | undefined =>
    ajv.getSchema(`${BASE}#/components/messages/${key}/payload`);
}

/**
 * Holds messages read off the wire to the AsyncAPI document: each must be of a type the document
 * lists on its topic, and its envelope must validate against that message's schema. Topics the
 * document lists no message on (dead letters park whatever broke) or does not list are skipped. Returns one line per problem.
 */
export function wireChecker(asyncApiPath: string) {
  const document = yaml.load(fs.readFileSync(asyncApiPath, 'utf8')) as AsyncApiDocument;
  const schemaOf = messageSchemas(document);
  const keyOfType = new Map(
    Object.entries(document.components.messages).map(([key, message]) => [message.name, key]),
  );
  const typesOnTopic = new Map(
    Object.values(document.channels)
      .filter((channel) => Object.keys(channel.messages).length > 0)
      .map((channel) => [
        channel.address,
        new Set(
          Object.values(channel.messages).map(({ $ref }) => {
            const key = $ref.slice($ref.lastIndexOf('/') + 1);
            return document.components.messages[key].name;
          }),
        ),
      ]),
  );
  return {
    topics: [...typesOnTopic.keys()],
    check(message: WireMessage): string[] {
      const types = typesOnTopic.get(message.topic);
      if (!types) return [];
      let envelope: { type?: unknown };
      try {
        envelope = JSON.parse(message.value) as { type?: unknown };
      } catch {
        return [`${message.where}: not JSON`];
      }
      const type = String(envelope.type);
      if (!types.has(type)) return [`${message.where}: ${type} is not documented on this topic`];
      const validate = schemaOf(keyOfType.get(type) ?? '');
      if (!validate) return [`${message.where}: no schema for ${type}`];
      if (validate(envelope)) return [];
      return (validate.errors ?? []).map(
        (e) => `${message.where} ${type}: ${e.dataPath || '(envelope)'} ${e.message ?? ''}`,
      );
    },
  };
}
