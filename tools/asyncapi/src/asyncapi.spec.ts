import * as fs from 'node:fs';
import { messageRegistry } from '@opp/contracts';
import { buildAsyncApiDocument } from './asyncapi-document';
import { asyncApiFile, renderAsyncApi } from './cli';

describe('AsyncAPI document', () => {
  it('describes every message type with its payload schema', () => {
    const document = buildAsyncApiDocument() as {
      components: { messages: Record<string, { name: string }>; schemas: Record<string, unknown> };
    };
    const names = Object.values(document.components.messages).map((m) => m.name);
    expect(names.sort()).toEqual([...messageRegistry.keys()].sort());
    for (const definition of messageRegistry.values()) {
      expect(document.components.schemas[definition.schema.name]).toBeDefined();
    }
  });

  it('is committed as generated (run `npm run asyncapi` after changing a contract)', () => {
    expect(fs.readFileSync(asyncApiFile(), 'utf8')).toBe(renderAsyncApi());
  });
});
