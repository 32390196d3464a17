import * as fs from 'node:fs';
import * as path from 'node:path';
import { findRepoRoot } from '@opp/local-stack';
import { renderSdkTypes, sdkTypeFiles, typeOf } from './sdk-types';

describe("the SDK's types generated from the OpenAPI documents", () => {
  it('are committed as generated (`node dist/tools/openapi/src/sdk-types.js` after the documents)', () => {
    const root = findRepoRoot();
    for (const [target, text] of Object.entries(sdkTypeFiles(root))) {
      expect({ target, text: fs.readFileSync(path.join(root, target), 'utf8') }).toEqual({
        target,
        text,
      });
    }
  });

  it('keep nullability, optionality and enums as the document says', () => {
    expect(
      typeOf({
        type: 'object',
        properties: {
          orderId: { type: 'string', nullable: true },
          email: { type: 'string', nullable: true },
          status: { type: 'string', enum: ['completed', 'failed'] },
          code: { type: 'integer', enum: [0, 1] },
          card: { allOf: [{ $ref: '#/components/schemas/CardResponse' }], nullable: true },
        },
        required: ['orderId', 'status', 'card'],
      }).replace(/\s+/g, ' '),
    ).toBe(
      "{ orderId: string | null; email?: string | null; status: 'completed' | 'failed'; code?: 0 | 1; card: CardResponse | null; }",
    );
  });

  it('name a component once: an extension by its base, one the public module has by import', () => {
    const step = { type: 'object', properties: { at: { type: 'string' } }, required: ['at'] };
    const text = renderSdkTypes(
      {
        paths: {},
        components: {
          schemas: {
            TraceStep: step,
            Project: { type: 'object', properties: { id: { type: 'integer' } }, required: ['id'] },
            ProjectWithKey: {
              allOf: [
                { $ref: '#/components/schemas/Project' },
                { type: 'object', properties: { key: { type: 'string' } }, required: ['key'] },
              ],
            },
          },
        },
      },
      'docs/openapi-admin.json',
      { module: './api-types', schemas: { TraceStep: step } },
    );
    expect(text).toContain("import type { TraceStep } from './api-types';");
    expect(text).toContain('export type { TraceStep };');
    expect(text).not.toContain('export type TraceStep =');
    expect(text.replace(/\s+/g, ' ')).toContain(
      'export type ProjectWithKey = Project & { key: string; };',
    );
  });
});
