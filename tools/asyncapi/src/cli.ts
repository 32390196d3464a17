import * as fs from 'node:fs';
import * as path from 'node:path';
import * as yaml from 'js-yaml';
import { findRepoRoot } from '@opp/local-stack';
import { buildAsyncApiDocument } from './asyncapi-document';

/** `npm run asyncapi`: writes docs/asyncapi.yaml from the contracts. */
export const asyncApiFile = (): string => path.join(findRepoRoot(), 'docs', 'asyncapi.yaml');

export const renderAsyncApi = (document: object = buildAsyncApiDocument()): string =>
  `# Generated from libs/contracts by \`npm run asyncapi\`; do not edit.\n${yaml.dump(document, { noRefs: true, lineWidth: 120 })}`;

if (require.main === module) {
  fs.writeFileSync(asyncApiFile(), renderAsyncApi());
  console.log(`wrote ${asyncApiFile()}`);
}
