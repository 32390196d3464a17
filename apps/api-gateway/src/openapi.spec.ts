import * as fs from 'node:fs';
import * as path from 'node:path';
import type { OpenAPIObject } from '@nestjs/swagger';
import { findRepoRoot } from '@opp/local-stack';
import { previewOpenApiDocuments, renderOpenApi } from './openapi';
import { OPERATION_IDS } from './http/interface/openapi/operation-ids';

type Operation = {
  operationId?: string;
  summary?: string;
  security?: Record<string, string[]>[];
  requestBody?: { content: Record<string, unknown> };
  responses: Record<string, { content?: Record<string, { schema?: { $ref?: string } }> }>;
};

const UNSIGNED_V1 = ['/v1/card/getToken', '/v1/payout-types', '/v1/payout-parameters'];

const operationsOf = (document: OpenAPIObject): [string, string, Operation][] =>
  Object.entries(document.paths).flatMap(([route, item]) =>
    Object.entries(item as Record<string, Operation>).map(
      ([method, op]) => [route, method, op] as [string, string, Operation],
    ),
  );

describe('OpenAPI documents of the gateway', () => {
  let document: OpenAPIObject;
  let admin: OpenAPIObject;
  let operations: [string, string, Operation][];

  beforeAll(async () => {
    const documents = await previewOpenApiDocuments();
    document = documents.public;
    admin = documents.admin;
    // The checks of every operation apply to both documents.
    operations = [...operationsOf(document), ...operationsOf(admin)];
  });

  it('is committed as generated (run `npm run openapi` after changing a route)', () => {
    const docs = path.join(findRepoRoot(), 'docs');
    expect(fs.readFileSync(path.join(docs, 'openapi.json'), 'utf8')).toBe(renderOpenApi(document));
    expect(fs.readFileSync(path.join(docs, 'openapi-admin.json'), 'utf8')).toBe(
      renderOpenApi(admin),
    );
  });

  it('keeps the admin API and /metrics out of the public document, in the admin one (L7)', () => {
    const publicRoutes = Object.keys(document.paths);
    expect(publicRoutes.filter((route) => /^\/(admin|metrics)/.test(route))).toEqual([]);
    expect(publicRoutes).toEqual(expect.arrayContaining(['/v1/card/process', '/processing']));
    expect(JSON.stringify(document)).not.toMatch(/\/admin\/|adminToken|ADMIN_TOKEN|rotate-keys/);
    const adminRoutes = Object.keys(admin.paths);
    expect(adminRoutes).toEqual(
      expect.arrayContaining([
        '/admin/v1/projects',
        '/admin/v1/projects/{id}/rotate-keys',
        '/admin/v1/operators',
        '/metrics',
      ]),
    );
    expect(adminRoutes.filter((route) => !/^\/(admin|metrics)/.test(route))).toEqual([]);
    expect(Object.keys(admin.components?.securitySchemes ?? {})).toEqual(['adminToken']);
  });

  it('gives every operation a summary and a success answer (a redirect or a schema)', () => {
    for (const [route, method, op] of operations) {
      expect({ route, method, summary: typeof op.summary }).toEqual({
        route,
        method,
        summary: 'string',
      });
      const success = Object.entries(op.responses).filter(([status]) => /^[23]/.test(status));
      expect(success.length).toBeGreaterThan(0);
      for (const [status, response] of success) {
        if (status === '204' || status.startsWith('3')) continue;
        const schemas = Object.values(response.content ?? {}).map((c) => c.schema);
        expect({ route, method, schemas: schemas.length > 0 && schemas.every(Boolean) }).toEqual({
          route,
          method,
          schemas: true,
        });
      }
    }
  });

  it('answers every /v1 and admin error with the envelope, and takes a form or JSON body on /v1', () => {
    for (const [route, method, op] of operations) {
      if (!route.startsWith('/v1') && !route.startsWith('/admin')) continue;
      const errors = Object.entries(op.responses).filter(([status]) => /^[45]/.test(status));
      expect({ route, method, errors: errors.length > 0 }).toEqual({ route, method, errors: true });
      for (const [, response] of errors) {
        expect(response.content?.['application/json']?.schema?.$ref).toBe(
          '#/components/schemas/ErrorEnvelope',
        );
      }
      if (route.startsWith('/v1') && method === 'post') {
        expect(Object.keys(op.requestBody?.content ?? {}).sort()).toEqual([
          'application/json',
          'application/x-www-form-urlencoded',
        ]);
      }
    }
  });

  it('puts the signature scheme on every signed /v1 call, the partner one on /processing', () => {
    expect(Object.keys(document.components?.securitySchemes ?? {}).sort()).toEqual([
      'merchantSignature',
      'partnerIdentifier',
      'partnerSignature',
      'projectKey',
    ]);
    for (const [route, , op] of operations) {
      const schemes = (op.security ?? []).flatMap((requirement) => Object.keys(requirement));
      if (route.startsWith('/v1') && !UNSIGNED_V1.includes(route)) {
        expect(schemes).toEqual(['projectKey', 'merchantSignature']);
      }
      // The TermUrl is the user's browser's, unsigned (documented beside the hosted pages).
      if (route.startsWith('/processing') && !route.startsWith('/processing/acs-return')) {
        expect(schemes).toContain('partnerSignature');
      }
      if (route.startsWith('/admin')) expect(schemes).toEqual(['adminToken']);
    }
    expect(document.servers?.length).toBeGreaterThan(0);
  });

  it('names every operation for what it does, once, from the one table (issue 40)', () => {
    const ids = operations.map(([route, method, op]) => ({ route, method, id: op.operationId }));
    // Nest's default is `<Controller>_<method>`: a generated client would name its methods so.
    expect(ids.filter(({ id }) => !id || !/^[a-z][A-Za-z]+$/.test(id))).toEqual([]);
    expect(new Set(ids.map(({ id }) => id)).size).toBe(ids.length);
    const byId = Object.fromEntries(ids.map(({ route, method, id }) => [id, `${method} ${route}`]));
    expect(byId).toMatchObject({
      processCard: 'post /v1/card/process',
      reverseTransaction: 'post /v1/transaction/reverse',
      createPayout: 'post /v1/payout',
      submitProcessingRequest: 'post /processing',
      createProject: 'post /admin/v1/projects',
    });
    // No stale row: every name of the table is some route's.
    expect(Object.values(OPERATION_IDS).filter((id) => !(id in byId))).toEqual([]);
  });

  it('documents the 3-D Secure TermUrl of processing tasks, the acs-return page', () => {
    const termUrl = document.paths['/processing/acs-return/{globalId}/{taskId}'];
    expect(termUrl?.post?.requestBody).toBeDefined();
    expect(Object.keys(termUrl?.post?.responses ?? {})).toEqual(['200', '303', '404']);
    expect(
      document.paths['/processing/acs-return/{globalId}/{taskId}/continue']?.get,
    ).toBeDefined();
  });

  it('shows a SEPA and a card payout, and the control types of payout parameters', () => {
    const payout = document.paths['/v1/payout']?.post as unknown as {
      requestBody: { content: Record<string, { examples?: Record<string, { value: object }> }> };
    };
    for (const media of Object.values(payout.requestBody.content)) {
      expect(Object.keys(media.examples ?? {})).toEqual(['sepa', 'card']);
      expect(media.examples?.['sepa']?.value).toHaveProperty('receiverBankBIC');
      expect(media.examples?.['card']?.value).toHaveProperty('cardExpirationDate');
    }
    const controls = JSON.stringify(document.paths['/v1/payout-parameters']?.get?.responses);
    for (const type of ['text', 'date', 'card-expiration', 'country', 'bic', 'phone']) {
      expect(controls).toContain(`"${type}"`);
    }
  });
});
