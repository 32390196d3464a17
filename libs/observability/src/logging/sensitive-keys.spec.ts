import { isSensitiveKey, redactPaths } from './sensitive-keys';

describe('sensitive keys', () => {
  it('has redact paths for headers, query and body of HTTP requests', () => {
    const paths = redactPaths();
    for (const path of [
      'number',
      'security_code',
      'signature',
      'req.headers.authorization',
      'req.headers["x-opp-signature"]',
      'req.query.security_code',
      'req.body.number',
      'req.body.securityCode',
      'req.body.card.number',
      'res.headers["set-cookie"]',
      'message.payload.card.cvv',
    ]) {
      expect(paths).toContain(path);
    }
    expect(paths.some((p) => p.includes('*'))).toBe(false);
  });

  it('matches variants of secret names but not card tokens or authorizations', () => {
    for (const key of ['clientSecret', 'PARTNER_PRIVATE_KEY', 'webhookSignature', 'securityCode']) {
      expect(isSensitiveKey(key)).toBe(true);
    }
    for (const key of [
      'card_token',
      'token',
      'authorizationId',
      'cardNumberMasked',
      'orderNumber',
    ]) {
      expect(isSensitiveKey(key)).toBe(false);
    }
  });
});
