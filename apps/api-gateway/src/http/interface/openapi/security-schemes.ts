import type { SecuritySchemeObject } from '@nestjs/swagger/dist/interfaces/open-api-spec.interface';

/** Who may call an operation, and so which security scheme describes its credentials. */
export type ApiAuth = 'merchant-signed' | 'merchant-public' | 'partner' | 'admin' | 'none';

/**
 * The credentials of each interface. OpenAPI cannot compute an HMAC, so the signature schemes
 * are apiKey parameters whose descriptions give the rule (ADR 0003, ADR 0004, ADR 0018).
 */
export const SECURITY_SCHEMES: Record<string, SecuritySchemeObject> = {
  projectKey: {
    type: 'apiKey',
    in: 'query',
    name: 'project',
    description:
      'The project public key. In the query string for GET, a form or JSON field for POST.',
  },
  merchantSignature: {
    type: 'apiKey',
    in: 'query',
    name: 'signature',
    description:
      'HMAC-SHA256 (lowercase hex, 64 characters) with the project private key over every other ' +
      'parameter value as a string (nested form or JSON values flattened to their leaves, ' +
      'booleans as "1"/"", JSON floats as PHP renders them), sorted ascending byte-wise and joined ' +
      'with "|" (ADR 0003). GET /v1/transactions/{id} includes the path id. Missing: 401 40101; ' +
      'wrong: 403 40301. Projects with requireTimestamp also sign a `timestamp` (Unix seconds) that ' +
      'must be within the allowed skew (ADR 0018).',
  },
  partnerSignature: {
    type: 'apiKey',
    in: 'header',
    name: 'X-OPP-Signature',
    description:
      'Lowercase hex HMAC-SHA256 with the partner secret: over the raw request body for POST ' +
      '/processing, over the GlobalId for GET /processing/status/{globalId} (ADR 0004). ' +
      'Missing or wrong: 401.',
  },
  partnerIdentifier: {
    type: 'apiKey',
    in: 'header',
    name: 'X-OPP-Partner',
    description:
      'GET /processing/status/{globalId}: the partner identifier. POST /processing names the ' +
      'partner in payload.partner.identifier instead.',
  },
  adminToken: {
    type: 'http',
    scheme: 'bearer',
    description:
      'The admin token (ADMIN_TOKEN). The admin API listens on its own port, never public (ADR 0002).',
  },
};

/** The security requirement each auth kind puts on its operations (all names of one entry). */
export const SECURITY_OF: Record<ApiAuth, readonly string[]> = {
  'merchant-signed': ['projectKey', 'merchantSignature'],
  'merchant-public': ['projectKey'],
  partner: ['partnerSignature', 'partnerIdentifier'],
  admin: ['adminToken'],
  none: [],
};
