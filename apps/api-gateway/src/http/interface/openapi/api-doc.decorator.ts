import { applyDecorators } from '@nestjs/common';
import {
  ApiBody,
  ApiConsumes,
  ApiOperation,
  ApiProduces,
  ApiQuery,
  ApiResponse,
  ApiSecurity,
} from '@nestjs/swagger';
import { ErrorCode, errorCatalogue } from '@opp/errors';
import type { SchemaObject } from '@nestjs/swagger/dist/interfaces/open-api-spec.interface';
import { ref, string, type Schema } from './schema-refs';
import { SECURITY_OF, type ApiAuth } from './security-schemes';

type Code = ErrorCode;

export interface ApiDocOptions {
  readonly summary: string;
  readonly description?: string;
  readonly auth: ApiAuth;
  /** GET: query parameters, by name (`required` lists the required ones). */
  readonly query?: { properties: Record<string, Schema>; required?: readonly string[] };
  /** POST: the body's fields, as a form (PHP-style nested names) or as JSON. */
  readonly body?: Schema;
  /** Where the body is JSON only (the processing API). */
  readonly jsonOnly?: boolean;
  /** The success answer: a schema, and its status (default 200). */
  readonly response: Schema;
  readonly status?: number;
  readonly produces?: string;
  /** Every catalogue code the operation answers besides those its auth implies. */
  readonly errors?: readonly Code[];
}

/** Codes every operation of an auth kind can answer, so no operation forgets them. */
const AUTH_ERRORS: Record<ApiAuth, readonly Code[]> = {
  'merchant-signed': [
    ErrorCode.ProjectPublicKeyMissing,
    ErrorCode.SignatureMissing,
    ErrorCode.SignatureInvalid,
    ErrorCode.ProjectNotFound,
    ErrorCode.InvalidParameter,
    ErrorCode.ServiceUnavailable,
  ],
  'merchant-public': [
    ErrorCode.ProjectPublicKeyMissing,
    ErrorCode.ProjectNotFound,
    ErrorCode.InvalidParameter,
    ErrorCode.ServiceUnavailable,
  ],
  partner: [ErrorCode.InvalidParameter, ErrorCode.ServiceUnavailable],
  // 40320: a read-scope operator token on a call that changes something (ADR 0061).
  admin: [
    ErrorCode.AuthTokenMissing,
    ErrorCode.AuthTokenRejected,
    ErrorCode.AdminScopeInsufficient,
    ErrorCode.InvalidParameter,
  ],
  none: [],
};

/**
 * One decorator for the OpenAPI description of a gateway operation: summary, inputs, the success
 * schema, the security scheme and every error status with the envelope and the codes it carries.
 */
export function ApiDoc(options: ApiDocOptions): MethodDecorator {
  const decorators = [
    ApiOperation({ summary: options.summary, description: options.description }),
    ApiSecurity(Object.fromEntries(SECURITY_OF[options.auth].map((name) => [name, []]))),
    ApiResponse({
      status: options.status ?? 200,
      description: 'Success',
      content: { [options.produces ?? 'application/json']: { schema: options.response } },
    }),
    ...errorResponses([...AUTH_ERRORS[options.auth], ...(options.errors ?? [])]),
  ];
  if (options.produces) decorators.push(ApiProduces(options.produces));
  if (!options.body) {
    for (const [name, schema] of Object.entries(credentialFields(options.auth))) {
      decorators.push(ApiQuery({ name, required: true, schema }));
    }
  }
  for (const [name, schema] of Object.entries(options.query?.properties ?? {})) {
    decorators.push(
      ApiQuery({ name, required: options.query?.required?.includes(name) ?? false, schema }),
    );
  }
  if (options.body) {
    const types = options.jsonOnly
      ? ['application/json']
      : ['application/x-www-form-urlencoded', 'application/json'];
    decorators.push(ApiConsumes(...types), ApiBody({ schema: withCredentials(options) }));
  }
  return applyDecorators(...decorators);
}

function errorResponses(codes: readonly Code[]): MethodDecorator[] {
  const byStatus = new Map<number, Code[]>();
  for (const code of new Set(codes)) {
    const { status } = errorCatalogue[code];
    byStatus.set(status, [...(byStatus.get(status) ?? []), code]);
  }
  return [...byStatus.entries()]
    .sort(([a], [b]) => a - b)
    .map(([status, list]) =>
      ApiResponse({
        status,
        description: list
          .sort((a, b) => a - b)
          .map((code) => `${code} ${errorCatalogue[code].message}`)
          .join('; '),
        content: { 'application/json': { schema: ref('ErrorEnvelope') } },
      }),
    );
}

/**
 * A merchant call carries the project key and the signature as parameters like any other (query
 * for GET, body for POST), so a client generated from the document sends them where the gateway
 * reads and signs them; the security schemes say what they mean.
 */
function credentialFields(auth: ApiAuth): Record<string, Schema> {
  if (auth !== 'merchant-signed' && auth !== 'merchant-public') return {};
  const fields: Record<string, Schema> = { project: string('The project public key') };
  if (auth === 'merchant-signed') {
    fields.signature = string('The request signature (security scheme merchantSignature)', {
      pattern: '^[0-9a-f]{64}$',
    });
  }
  return fields;
}

function withCredentials(options: ApiDocOptions): Schema {
  const body = options.body as SchemaObject;
  const credentials = credentialFields(options.auth);
  return {
    ...body,
    properties: { ...credentials, ...body.properties },
    required: [...Object.keys(credentials), ...(body.required ?? [])],
  };
}
