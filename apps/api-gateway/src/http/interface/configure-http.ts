import { BadRequestException, ValidationPipe } from '@nestjs/common';
import type { FastifyAdapter, NestFastifyApplication } from '@nestjs/platform-fastify';
import { SwaggerModule } from '@nestjs/swagger';
import * as qs from 'qs';
import { QS_OPTIONS } from '@opp/platform';
import type { GatewayConfig } from '../../config/gateway.config';
import { ApiExceptionFilter } from './api-exception.filter';
import { isMerchantUrl, refuseBadInput } from './bad-input.hooks';
import { assertLeafCount, quoteNumbers } from './merchant-json';
import { serveInternalRoutesOn } from './internal-listener';
import { buildOpenApiDocuments } from './openapi/openapi-document';

/**
 * The gateway's HTTP surface: PHP-style nested form bodies (ADR 0003 signs their leaf values),
 * JSON bodies kept raw as well (partners sign the raw bytes, ADR 0004), one error envelope, OpenAPI docs,
 * and the internal listener on ADMIN_HOST:ADMIN_PORT for the admin API (ADR 0061).
 */
export function configureGatewayHttp(app: NestFastifyApplication, config: GatewayConfig): void {
  const adapter = app.getHttpAdapter() as FastifyAdapter;
  serveInternalRoutesOn(adapter.getInstance(), config.adminPort, config.adminHost);
  adapter.useBodyParser('application/x-www-form-urlencoded', true, {}, (_req, body, done) => {
    done(null, qs.parse(body.toString('utf8'), QS_OPTIONS));
  });
  // Fastify's own JSON parser refuses __proto__ and constructor poisoning. A /v1 body is first
  // checked for depth and has its numbers read as PHP renders them (ADR 0003, ADR 0016).
  const parseJson = adapter.getInstance().getDefaultJsonParser('error', 'error');
  adapter.useBodyParser('application/json', true, {}, (req, body, done) => {
    const raw = body.toString('utf8');
    if (raw.trim() === '') return done(null, {});
    const merchant = isMerchantUrl(req.url);
    let text: string;
    try {
      text = merchant ? quoteNumbers(raw) : raw;
    } catch (error) {
      return done(error as Error, undefined);
    }
    void parseJson(req, text, (error, value) => {
      if (error) return done(new BadRequestException('Request body is not valid JSON'), undefined);
      try {
        if (merchant) assertLeafCount(value);
      } catch (tooMany) {
        return done(tooMany as Error, undefined);
      }
      done(null, value);
    });
  });
  refuseBadInput(adapter.getInstance());
  app.useGlobalFilters(new ApiExceptionFilter());
  app.useGlobalPipes(
    new ValidationPipe({ whitelist: true, forbidNonWhitelisted: true, transform: true }),
  );
  // One document per listener (ADR 0061): the admin one under /admin, which only the admin
  // listener serves (internal-listener.ts), as JSON only.
  const documents = buildOpenApiDocuments(app);
  SwaggerModule.setup('docs', app, documents.public, { jsonDocumentUrl: 'docs-json' });
  SwaggerModule.setup('admin/docs', app, documents.admin, {
    jsonDocumentUrl: 'admin/docs-json',
    ui: false,
  });
}
