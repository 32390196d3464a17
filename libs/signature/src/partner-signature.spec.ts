import { createHmac } from 'node:crypto';
import { signPartnerPayload, verifyPartnerSignature } from './partner-signature';

const SECRET = 'partner-secret';

describe('signPartnerPayload', () => {
  it('is the lowercase hex HMAC-SHA256 of the data', () => {
    const expected = createHmac('sha256', SECRET).update('globalId=42').digest('hex');
    expect(signPartnerPayload(SECRET, 'globalId=42')).toBe(expected);
  });

  it('signs raw body bytes the same as their text', () => {
    const body = '{"partner":{"identifier":"p1"},"amount":"1.00"}';
    expect(signPartnerPayload(SECRET, Buffer.from(body))).toBe(signPartnerPayload(SECRET, body));
  });
});

describe('verifyPartnerSignature', () => {
  const data = Buffer.from('{"a":1}');
  const good = signPartnerPayload(SECRET, data);

  it('accepts the right signature', () => {
    expect(verifyPartnerSignature(SECRET, data, good)).toBe(true);
  });

  it('refuses a signature made with another secret or over other bytes', () => {
    expect(verifyPartnerSignature('other', data, good)).toBe(false);
    expect(verifyPartnerSignature(SECRET, Buffer.from('{"a":2}'), good)).toBe(false);
  });

  it.each([
    ['a wrong length', good.slice(2)],
    ['non-hex characters', `${good.slice(0, 62)}xy`],
    ['uppercase hex', good.toUpperCase()],
    ['a missing header', undefined],
    ['a repeated header', [good, good]],
  ])('refuses %s without throwing', (_label, signature) => {
    expect(verifyPartnerSignature(SECRET, data, signature)).toBe(false);
  });
});
