import * as fs from 'node:fs';
import * as yaml from 'js-yaml';
import { DiagnosticSeverity, Parser } from '@asyncapi/parser';
import * as contracts from '@opp/contracts';
import { messageRegistry } from '@opp/contracts';
import { APP_NAMES } from '@opp/local-stack';
import { findRepoRoot } from '@opp/local-stack';
import { buildAsyncApiDocument } from './asyncapi-document';
import { asyncApiFile, renderAsyncApi } from './cli';
import { boundHandlers } from './handler-scan';
import { acceptsNull, nullableProperties } from './nullable-properties';
import { PARTICIPANTS } from './participants';

interface Document {
  components: { messages: Record<string, { name: string }>; schemas: Record<string, unknown> };
  operations: Record<string, { action: string; reply?: unknown }>;
}

describe('AsyncAPI document', () => {
  let rendered: string;
  let document: Document;

  beforeAll(() => {
    document = buildAsyncApiDocument() as unknown as Document;
    rendered = renderAsyncApi(document);
  });

  it('parses with the AsyncAPI parser without an error', async () => {
    const { diagnostics } = await new Parser().parse(fs.readFileSync(asyncApiFile(), 'utf8'));
    const errors = diagnostics.filter(
      (d) => Number(d.severity) === Number(DiagnosticSeverity.Error),
    );
    expect(errors.map((d) => `${d.code}: ${d.message} at ${d.path.join('.')}`)).toEqual([]);
  });

  it('describes every message type and the answer of every request', () => {
    const names = Object.values(document.components.messages).map((m) => m.name);
    const requests = [...messageRegistry.values()].filter((d) => d.kind === 'request');
    expect(names.sort()).toEqual(
      [...messageRegistry.keys(), ...requests.map((d) => `${d.type}.reply`)].sort(),
    );
    for (const definition of messageRegistry.values()) {
      expect(document.components.schemas[definition.schema.name]).toBeDefined();
    }
  });

  it('names a sender and a receiver of every message, and every request operation has its reply', () => {
    for (const definition of messageRegistry.values()) {
      const participants = PARTICIPANTS[definition.type];
      expect(participants?.senders.length).toBeGreaterThan(0);
      expect(participants?.receivers.length).toBeGreaterThan(0);
    }
    const requestOperations = Object.entries(document.operations).filter(([name]) =>
      [...messageRegistry.values()].some(
        (d) => d.kind === 'request' && name.endsWith(d.type.replace(/[^A-Za-z0-9]+/g, '_')),
      ),
    );
    expect(requestOperations.length).toBeGreaterThan(0);
    for (const [, operation] of requestOperations) expect(operation.reply).toBeDefined();
  });

  it('lists as receivers exactly the services that bind a handler to the message', () => {
    const exportName = new Map<unknown, string>(
      Object.entries(contracts).map(([name, value]) => [value, name]),
    );
    const bound = boundHandlers(findRepoRoot());
    for (const definition of messageRegistry.values()) {
      const name = exportName.get(definition);
      const binding = APP_NAMES.filter((app) => bound.get(app)?.has(name ?? ''));
      expect({
        type: definition.type,
        receivers: [...PARTICIPANTS[definition.type].receivers].sort(),
      }).toEqual({
        type: definition.type,
        receivers: binding.sort(),
      });
    }
  });

  // A consumer fetches and decodes every message of the topics it reads; one that reads a topic for
  // some of its types pays for all the others on every message (ADR 0019). Replies are read by the
  // requester that waits for each; requests by their one owner.
  it('has every service that reads an event or command topic handle each type on it', () => {
    const byTopic = new Map<string, string[]>();
    for (const definition of messageRegistry.values()) {
      if (definition.topic.kind !== 'event' && definition.topic.kind !== 'command') continue;
      byTopic.set(definition.topic.name, [
        ...(byTopic.get(definition.topic.name) ?? []),
        definition.type,
      ]);
    }
    const partial: string[] = [];
    for (const [topic, types] of byTopic) {
      const readers = new Set(types.flatMap((type) => PARTICIPANTS[type].receivers));
      for (const reader of readers) {
        const skipped = types.filter((type) => !PARTICIPANTS[type].receivers.includes(reader));
        if (skipped.length > 0)
          partial.push(`${reader} reads ${topic} but skips ${skipped.join(', ')}`);
      }
    }
    expect(partial).toEqual([]);
  });

  // A consumer that validates against the document must accept the nulls the contracts send
  // (payments.transaction-status-changed.v1 carries `referenceId: null`, `reason: null`).
  it('lets null through exactly where a contract property is typed `| null`', () => {
    const nullable = nullableProperties(`${findRepoRoot()}/libs/contracts/src`);
    const committed = yaml.load(fs.readFileSync(asyncApiFile(), 'utf8')) as Document;
    const schemas = committed.components.schemas as Record<
      string,
      { properties?: Record<string, Record<string, unknown>> }
    >;
    const wanted = [...nullable].flatMap(([owner, names]) =>
      [...names].map((name) => `${owner}.${name}`),
    );
    expect(wanted.length).toBeGreaterThanOrEqual(35);
    const notNullable = wanted.filter((qualified) => {
      const [owner, name] = qualified.split('.');
      const property = schemas[owner]?.properties?.[name];
      return property !== undefined && !acceptsNull(property);
    });
    expect(notNullable).toEqual([]);
    const undocumented = wanted.filter((qualified) => {
      const [owner, name] = qualified.split('.');
      return schemas[owner]?.properties?.[name] === undefined;
    });
    expect(undocumented).toEqual([]);
    const documented = Object.values(schemas).flatMap((schema) =>
      Object.values(schema.properties ?? {}).filter((property) => acceptsNull(property)),
    );
    expect(documented.length).toBeGreaterThanOrEqual(wanted.length);
  });

  it('is committed as generated (run `npm run asyncapi` after changing a contract)', () => {
    expect(fs.readFileSync(asyncApiFile(), 'utf8')).toBe(rendered);
  });
});
