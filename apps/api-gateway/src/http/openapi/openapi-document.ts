import type { INestApplication } from '@nestjs/common';
import { DocumentBuilder, SwaggerModule, type OpenAPIObject } from '@nestjs/swagger';
import { PUBLIC_SCHEMAS } from './public-schemas';
import { SECURITY_SCHEMES } from './security-schemes';

const TAGS: Record<string, string> = {
  users: 'Merchant users and their recurring subscriptions (/v1/user).',
  cards: 'Card tokens, charges and 3-D Secure (/v1/card).',
  recurring: 'Recurring payments of subscribed users and their subscriptions (ADR 0012).',
  transactions: 'Transaction queries, reversals and wallet transactions (/v1/transaction).',
  payouts: 'Payout types, their parameters and payout orders.',
  balance: 'The merchant balance, from the ledger.',
  processing: 'The Task-Tree Processing API for partners.',
  'hosted pages': 'Pages the user sees: the 3-D Secure simulator and the wallet checkout.',
  admin: 'Provisioning on the admin listener (ADMIN_PORT), never routed publicly.',
  operations: 'Health and metrics for the platform.',
};

/**
 * The OpenAPI document of every gateway route, built from the controllers' `ApiDoc` decorators and
 * completed with what they share: servers, security schemes, tags and the resource schemas.
 */
export function buildOpenApiDocument(app: INestApplication): OpenAPIObject {
  const builder = new DocumentBuilder()
    .setTitle('Payment gateway')
    .setDescription(
      'Card Payment Gateway API (/v1), Task-Tree Processing API (/processing), the hosted pages and ' +
        'the admin API (on the admin listener). Errors are `{"error":{"code","message"}}` with the ' +
        'codes of the catalogue; the first three digits of a code are the HTTP status.',
    )
    .setVersion('1')
    .addServer('/', 'This gateway (the address it is served from)');
  for (const [name, description] of Object.entries(TAGS)) builder.addTag(name, description);
  for (const [name, scheme] of Object.entries(SECURITY_SCHEMES)) {
    builder.addSecurity(name, scheme);
  }
  const document = SwaggerModule.createDocument(app, builder.build());
  document.info.license = { name: 'Proprietary' };
  document.components = {
    ...document.components,
    schemas: { ...PUBLIC_SCHEMAS, ...document.components?.schemas },
  };
  return document;
}
