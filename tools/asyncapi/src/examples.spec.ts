import * as fs from 'node:fs';
import * as yaml from 'js-yaml';
import { messageRegistry, validateAgainst, validateEnvelope } from '@opp/contracts';
import { asyncApiFile } from './cli';
import { messageSchemas } from './wire-check';

interface Example {
  name: string;
  payload: { payload?: unknown };
}
interface Document {
  components: {
    messages: Record<string, { name: string; payload: unknown; examples?: Example[] }>;
    schemas: Record<string, unknown>;
  };
}

/** Every message of the committed document shows at least one example its own schema accepts. */
describe('AsyncAPI examples', () => {
  const load = (text: string) => yaml.load(text) as Document;
  const committed = () => load(fs.readFileSync(asyncApiFile(), 'utf8'));

  const withoutExamples = (document: Document) =>
    Object.values(document.components.messages)
      .filter((m) => (m.examples ?? []).length === 0)
      .map((m) => m.name);

  it('gives every message at least one example', () => {
    const document = committed();
    expect(Object.keys(document.components.messages).length).toBeGreaterThan(50);
    expect(withoutExamples(document)).toEqual([]);
  });

  it("has each example validate against its message's schema", () => {
    const document = committed();
    const schemaOf = messageSchemas(document);
    const problems: string[] = [];
    for (const [key, message] of Object.entries(document.components.messages)) {
      const validate = schemaOf(key);
      if (!validate) {
        problems.push(`${message.name}: no schema`);
        continue;
      }
      for (const example of message.examples ?? []) {
        if (validate(example.payload)) continue;
        for (const e of validate.errors ?? [])
          problems.push(
            `${message.name} ${example.name}: ${e.dataPath || '(envelope)'} ${e.message}`,
          );
      }
    }
    expect(problems).toEqual([]);
  });

  it("has each example's envelope and payload pass the message's contract class", () => {
    const document = committed();
    const byType = new Map(Object.values(document.components.messages).map((m) => [m.name, m]));
    const problems: string[] = [];
    for (const definition of messageRegistry.values()) {
      const examples = byType.get(definition.type)?.examples ?? [];
      if (examples.length === 0) problems.push(`${definition.type}: no example`);
      for (const example of examples) {
        const envelope = validateEnvelope(example.payload);
        if (!envelope.ok)
          problems.push(...envelope.problems.map((p) => `${definition.type}: ${p}`));
        const payload = validateAgainst(definition.schema, example.payload.payload);
        if (!payload.ok) problems.push(...payload.problems.map((p) => `${definition.type}: ${p}`));
      }
    }
    expect(problems).toEqual([]);
  });
});
