import 'reflect-metadata';
import * as fs from 'node:fs';
import { NestFactory } from '@nestjs/core';
import { FastifyAdapter } from '@nestjs/platform-fastify';
import { loadConfig } from '@opp/config';
import { AppModule } from './app.module';
import { GatewayConfig } from './config/gateway.config';
import {
  buildOpenApiDocuments,
  type OpenApiDocuments,
} from './http/interface/openapi/openapi-document';

/**
 * `npm run openapi`: writes the gateway's OpenAPI documents without starting the service, so
 * integrators and the SDK read the contract from the repository: the public one
 * (docs/openapi.json) and the admin listener's (docs/openapi-admin.json, ADR 0061).
 */
export const renderOpenApi = (document: object): string => `${JSON.stringify(document, null, 2)}\n`;

/**
 * The gateway's OpenAPI documents without a database or a broker: Nest's preview mode builds the
 * module graph (controllers and their decorators) without instantiating any provider.
 */
export async function previewOpenApiDocuments(): Promise<OpenApiDocuments> {
  const app = await NestFactory.create(
    // Nothing starts in preview, so development defaults do; an unset NODE_ENV would mean
    // production (ADR 0061) and ask for every secret just to print the document.
    AppModule.register(
      loadConfig(GatewayConfig, {
        ...process.env,
        NODE_ENV: process.env.NODE_ENV ?? 'development',
      }),
    ),
    new FastifyAdapter(),
    { preview: true, logger: false },
  );
  try {
    return buildOpenApiDocuments(app);
  } finally {
    await app.close();
  }
}

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
