import * as fs from 'node:fs';
import { previewOpenApiDocument } from './http/openapi/preview-document';

/**
 * `npm run openapi`: writes the gateway's OpenAPI document (docs/openapi.json) without starting
 * the service, so integrators and the SDK read the contract from the repository.
 */
export const renderOpenApi = (document: object): string => `${JSON.stringify(document, null, 2)}\n`;

if (require.main === module) {
  const file = process.argv[2];
  if (!file) throw new Error('usage: node dist/apps/api-gateway/src/openapi.js <file>');
  previewOpenApiDocument().then(
    (document) => {
      fs.writeFileSync(file, renderOpenApi(document));
      process.stdout.write(`wrote ${file}\n`);
      process.exit(0);
    },
    (error: unknown) => {
      process.stderr.write(
        `${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`,
      );
      process.exit(1);
    },
  );
}
