import * as fs from 'node:fs';
import { previewOpenApiDocuments } from './http/openapi/preview-document';

/**
 * `npm run openapi`: writes the gateway's OpenAPI documents without starting the service, so
 * integrators and the SDK read the contract from the repository: the public one
 * (docs/openapi.json) and the admin listener's (docs/openapi-admin.json, ADR 0062).
 */
export const renderOpenApi = (document: object): string => `${JSON.stringify(document, null, 2)}\n`;

if (require.main === module) {
  const [publicFile, adminFile] = process.argv.slice(2);
  if (!publicFile || !adminFile) {
    throw new Error('usage: node dist/apps/api-gateway/src/openapi.js <public file> <admin file>');
  }
  previewOpenApiDocuments().then(
    (documents) => {
      fs.writeFileSync(publicFile, renderOpenApi(documents.public));
      fs.writeFileSync(adminFile, renderOpenApi(documents.admin));
      process.stdout.write(`wrote ${publicFile} and ${adminFile}\n`);
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
