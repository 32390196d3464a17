import { BadRequestException, ValidationPipe } from '@nestjs/common';
import type { FastifyAdapter, NestFastifyApplication } from '@nestjs/platform-fastify';
import { DocumentBuilder, SwaggerModule } from '@nestjs/swagger';
import * as qs from 'qs';
import { QS_OPTIONS } from '@opp/platform';
import type { GatewayConfig } from '../config/gateway.config';
import { ApiExceptionFilter } from './api-exception.filter';
import { serveInternalRoutesOn } from './internal-listener';

/**
 * The gateway's HTTP surface: PHP-style nested form bodies (ADR 0003 signs their leaf values),
 * JSON bodies kept raw as well (partners sign the raw bytes, ADR 0004), one error envelope, OpenAPI docs,
 * and the internal listener on ADMIN_PORT for the admin API.
 */
export function configureGatewayHttp(app: NestFastifyApplication, config: GatewayConfig): void {
  const adapter = app.getHttpAdapter() as FastifyAdapter;
  serveInternalRoutesOn(adapter.getInstance(), config.adminPort, '0.0.0.0');
  adapter.useBodyParser('application/x-www-form-urlencoded', true, {}, (_req, body, done) => {
    done(null, qs.parse(body.toString('utf8'), QS_OPTIONS));
  });
  // Fastify's own JSON parser refuses __proto__ and constructor poisoning.
  const parseJson = adapter.getInstance().getDefaultJsonParser('error', 'error');
  adapter.useBodyParser('application/json', true, {}, (req, body, done) => {
    const text = body.toString('utf8');
    if (text.trim() === '') return done(null, {});
    void parseJson(req, text, (error, value) =>
      error
        ? done(new BadRequestException('Request body is not valid JSON'), undefined)
        : done(null, value),
    );
  });
  app.useGlobalFilters(new ApiExceptionFilter());
  app.useGlobalPipes(
    new ValidationPipe({ whitelist: true, forbidNonWhitelisted: true, transform: true }),
  );
  const document = SwaggerModule.createDocument(
    app,
    new DocumentBuilder()
      .setTitle('Payment gateway')
      .setDescription(
        'Card Payment Gateway API (/v1), Task-Tree Processing API (/processing) and the admin API.',
      )
      .setVersion('1')
      .addBearerAuth()
      .build(),
  );
  SwaggerModule.setup('docs', app, document, { jsonDocumentUrl: 'docs-json' });
}
