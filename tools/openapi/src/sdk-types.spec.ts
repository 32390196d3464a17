import * as fs from 'node:fs';
import * as path from 'node:path';
import { findRepoRoot } from '@opp/local-stack';
import { sdkTypeFiles, typeOf } from './sdk-types';

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
          card: { allOf: [{ $ref: '#/components/schemas/CardResponse' }], nullable: true },
        },
        required: ['orderId', 'status', 'card'],
      }).replace(/\s+/g, ' '),
    ).toBe(
      "{ orderId: string | null; email?: string | null; status: 'completed' | 'failed'; card: CardResponse | null; }",
    );
  });
});
