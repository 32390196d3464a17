import 'reflect-metadata';
import { NestFactory } from '@nestjs/core';
import { FastifyAdapter } from '@nestjs/platform-fastify';
import { loadConfig } from '@opp/config';
import { AppModule } from '../../app.module';
import { GatewayConfig } from '../../config/gateway.config';
import { buildOpenApiDocuments, type OpenApiDocuments } from './openapi-document';

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
