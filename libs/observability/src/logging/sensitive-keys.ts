// Which keys are never logged as they are. Exact names feed pino's `redact` paths (applied after
// serializers, so they also cover `req` objects produced by pino-http); the patterns catch
// spelling variants (clientSecret, partner_private_key...) in the value scrubber.
// A card *token* id is deliberately absent: it identifies a vault entry and is not secret.

export const REDACTED = '[REDACTED]';

export const SENSITIVE_KEYS: readonly string[] = [
  'number',
  'card_number',
  'cardNumber',
  'pan',
  'security_code',
  'securityCode',
  'cvv',
  'cvv2',
  'cvc',
  'privateKey',
  'private_key',
  'secret',
  'secretKey',
  'secret_key',
  'client_secret',
  'clientSecret',
  'password',
  'signature',
  'access_token',
  'accessToken',
  'refresh_token',
  'refreshToken',
  'id_token',
  'api_key',
  'apiKey',
  'admin_token',
  'adminToken',
  // headers (node lower-cases them)
  'authorization',
  'proxy-authorization',
  'cookie',
  'set-cookie',
  'x-opp-signature',
  'x-api-key',
  'x-admin-token',
];

/**
 * Substrings that make any key sensitive, whatever its casing or separator. "authorization" and
 * "card number" are exact-only: payment authorizations and masked card numbers are worth logging.
 */
const SENSITIVE_KEY_PATTERN =
  /secret|password|passwd|private_?key|signature|security_?code|access_?token|refresh_?token|api_?key|admin_?token/i;
const EXACT = new Set(SENSITIVE_KEYS.map((k) => k.toLowerCase()));

export function isSensitiveKey(key: string): boolean {
  // A PHP-style form name (`card[cvc]`, as SDKs send card data in a query) is judged by its last
  // segment.
  const leaf = /\[([^\]]*)\]$/.exec(key)?.[1] ?? key;
  return EXACT.has(leaf.toLowerCase()) || SENSITIVE_KEY_PATTERN.test(leaf);
}

// Where secrets usually sit below the top level: HTTP request/response parts (pino-http's req/res,
// axios errors), Kafka envelopes, card objects. Explicit paths are nearly free in pino (checked only
// when the top-level key is present); wildcard paths cost ~10-40x per line, so there are none here.
// Anything outside these places is still caught by the key check of the value scrubber.
const CONTAINERS: readonly string[] = [
  'req.headers',
  'req.query',
  'req.body',
  'req.params',
  'req.body.card',
  'res.headers',
  'request.headers',
  'request.query',
  'request.body',
  'request.body.card',
  'response.headers',
  'response.body',
  'config.headers',
  'err.config.headers',
  'message.payload',
  'message.payload.card',
  'envelope.payload',
  'envelope.payload.card',
  'payload',
  'payload.card',
  'body',
  'body.card',
  'query',
  'headers',
  'card',
  'data',
  'data.card',
  'project',
  'partner',
  'settings',
];

function segment(key: string): string {
  return /^[A-Za-z_$][\w$]*$/.test(key) ? `.${key}` : `["${key}"]`;
}

/** pino `redact` paths: every sensitive key at the top level and inside each known container. */
export function redactPaths(): string[] {
  const paths = SENSITIVE_KEYS.map((key) => segment(key).replace(/^\./, ''));
  for (const container of CONTAINERS) {
    for (const key of SENSITIVE_KEYS) paths.push(container + segment(key));
  }
  return paths;
}
