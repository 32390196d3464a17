import type { INestApplication } from '@nestjs/common';
import { DocumentBuilder, SwaggerModule, type OpenAPIObject } from '@nestjs/swagger';
import { routeSide } from '../internal-listener';
import { HOSTED_PATHS } from './hosted-paths';
import { withExamples } from './operation-examples';
import { operationIdOf } from './operation-ids';
import { PUBLIC_SCHEMAS } from './public-schemas';
import { namedComponents } from './schema-refs';
import { SECURITY_SCHEMES } from './security-schemes';

const PUBLIC_TAGS: Record<string, string> = {
  users: 'Merchant users and their recurring subscriptions (/v1/user).',
  cards: 'Card tokens, charges and 3-D Secure (/v1/card).',
  recurring: 'Recurring payments of subscribed users and their subscriptions (ADR 0012).',
  transactions: 'Transaction queries, reversals and wallet transactions (/v1/transaction).',
  payouts: 'Payout types, their parameters and payout orders.',
  balance: 'The merchant balance, from the ledger.',
  processing: 'The Task-Tree Processing API for partners.',
  'hosted pages': 'Pages the user sees: the 3-D Secure simulator and the wallet checkout.',
  operations: 'Health probes.',
};

const ADMIN_TAGS: Record<string, string> = {
  admin: 'Provisioning: operator tokens, projects, partners, templates, deliveries, sandbox.',
  operations: 'Metrics for Prometheus.',
};

/** The gateway's two documents: one per listener (ADR 0061). */
export interface OpenApiDocuments {
  /** `/docs-json` on the public port and docs/openapi.json: no admin or internal route. */
  public: OpenAPIObject;
  /** `/admin/docs-json` on the admin listener and docs/openapi-admin.json. */
  admin: OpenAPIObject;
}

/**
 * The OpenAPI documents of the gateway's routes, built from the controllers' `ApiDoc` decorators
 * and completed with what they share: servers, security schemes, tags and the resource schemas
 * (those of public-schemas.ts, and those the operations' schemas name with `component`).
 * Each route goes to the document of the listener that serves it, by the same rule the listeners
 * apply (`routeSide`), so the public document never describes the admin API or /metrics (ADR 0061).
 */
export function buildOpenApiDocuments(app: INestApplication): OpenApiDocuments {
  const all = SwaggerModule.createDocument(app, new DocumentBuilder().build(), {
    operationIdFactory: operationIdOf,
  });
  const schemas = { ...PUBLIC_SCHEMAS, ...namedComponents(), ...all.components?.schemas };
  const publicPaths = withExamples({
    ...pathsOn(all, (side) => side !== 'internal'),
    ...HOSTED_PATHS,
  });
  const adminPaths = pathsOn(all, (side) => side === 'internal');
  return {
    public: document({
      title: 'Payment gateway',
      description:
        'Card Payment Gateway API (/v1), Task-Tree Processing API (/processing) and the hosted ' +
        'pages. Errors are `{"error":{"code","message"}}` with the codes of the catalogue; the ' +
        'first three digits of a code are the HTTP status.',
      tags: PUBLIC_TAGS,
      security: ['projectKey', 'merchantSignature', 'partnerSignature', 'partnerIdentifier'],
      paths: publicPaths,
      schemas: referenced(publicPaths, schemas, Object.keys(PUBLIC_SCHEMAS)),
    }),
    admin: document({
      title: 'Payment gateway: admin API',
      description:
        'The admin API and /metrics, served on the admin listener only (ADMIN_HOST:ADMIN_PORT, ' +
        'ADR 0002, ADR 0061). Errors are `{"error":{"code","message"}}` with the codes of the ' +
        'catalogue.',
      tags: ADMIN_TAGS,
      security: ['adminToken'],
      paths: adminPaths,
      schemas: referenced(adminPaths, schemas, []),
    }),
  };
}

function document(parts: {
  title: string;
  description: string;
  tags: Record<string, string>;
  security: string[];
  paths: OpenAPIObject['paths'];
  schemas: Record<string, unknown>;
}): OpenAPIObject {
  const builder = new DocumentBuilder()
    .setTitle(parts.title)
    .setDescription(parts.description)
    .setVersion('1')
    .addServer('/', 'This gateway (the address it is served from)');
  for (const [name, description] of Object.entries(parts.tags)) builder.addTag(name, description);
  for (const name of parts.security) builder.addSecurity(name, SECURITY_SCHEMES[name]);
  const built = builder.build();
  return {
    ...built,
    info: { ...built.info, license: { name: 'Proprietary' } },
    paths: parts.paths,
    components: {
      ...built.components,
      schemas: parts.schemas as NonNullable<OpenAPIObject['components']>['schemas'],
    },
  };
}

function pathsOn(
  all: OpenAPIObject,
  keep: (side: ReturnType<typeof routeSide>) => boolean,
): OpenAPIObject['paths'] {
  return Object.fromEntries(Object.entries(all.paths).filter(([route]) => keep(routeSide(route))));
}

/** The schemas the paths name, and those they name in turn, plus the ones always published. */
function referenced(
  paths: OpenAPIObject['paths'],
  schemas: Record<string, unknown>,
  always: string[],
): Record<string, unknown> {
  const kept = new Set<string>();
  const queue: unknown[] = [paths, ...always.map((name) => schemas[name])];
  always.forEach((name) => kept.add(name));
  while (queue.length > 0) {
    const value = queue.pop();
    if (Array.isArray(value)) queue.push(...(value as unknown[]));
    else if (value && typeof value === 'object') {
      for (const [key, inner] of Object.entries(value)) {
        const name =
          key === '$ref' && typeof inner === 'string'
            ? /^#\/components\/schemas\/(.+)$/.exec(inner)?.[1]
            : undefined;
        if (name && !kept.has(name)) {
          kept.add(name);
          queue.push(schemas[name]);
        } else queue.push(inner);
      }
    }
  }
  return Object.fromEntries(
    Object.keys(schemas)
      .filter((n) => kept.has(n))
      .map((n) => [n, schemas[n]]),
  );
}
