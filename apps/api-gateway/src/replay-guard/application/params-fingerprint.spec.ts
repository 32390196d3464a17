import { createHash } from 'node:crypto';
import { KeyRing } from '@opp/crypto';
import { paramsFingerprint } from './params-fingerprint';

const ring = (fill: number) => new KeyRing(`k1:${Buffer.alloc(32, fill).toString('base64')}`);
const gatewayRing = ring(1);
const fp = (params: unknown, path = '/v1/card/process', method = 'POST', keys = gatewayRing) =>
  paramsFingerprint(method, path, params, keys);

describe('paramsFingerprint', () => {
  const charge = {
    project: 'pk',
    price: '10.00',
    currency: 'EUR',
    order_id: 'o-1',
    card: { number: '4242424242424242', security_code: '123' },
    signature: 'a'.repeat(64),
  };

  it('is a stable sha256 hex digest', () => {
    expect(fp(charge)).toMatch(/^[0-9a-f]{64}$/);
    expect(fp(charge)).toBe(fp({ ...charge }));
  });

  it('is keyed: another key ring gives another digest, and no plain SHA-256 of the parameters', () => {
    // The parameters carry the card number and code: an unkeyed digest could be brute-forced.
    expect(fp(charge, undefined, undefined, ring(2))).not.toBe(fp(charge));
    const leaves = [
      ['card[number]', '4242424242424242'],
      ['card[security_code]', '123'],
      ['currency', 'EUR'],
      ['order_id', 'o-1'],
      ['price', '10.00'],
      ['project', 'pk'],
    ];
    const unkeyed = createHash('sha256')
      .update(JSON.stringify(['POST', '/v1/card/process', leaves]))
      .digest('hex');
    expect(fp(charge)).not.toBe(unkeyed);
  });

  it('ignores the order of fields and the signature itself', () => {
    const reordered = {
      signature: 'b'.repeat(64),
      card: { security_code: '123', number: '4242424242424242' },
      order_id: 'o-1',
      currency: 'EUR',
      price: '10.00',
      project: 'pk',
    };
    expect(fp(reordered)).toBe(fp(charge));
  });

  it('matches form text and the JSON values that render the same', () => {
    expect(fp({ a: '1', b: '', c: '2.5', d: '' })).toBe(fp({ a: true, b: false, c: 2.5, d: null }));
  });

  it('changes when values move between fields (the signature would not)', () => {
    expect(fp({ ...charge, price: 'o-1', order_id: '10.00' })).not.toBe(fp(charge));
    expect(fp({ a: 'x', b: 'y' })).not.toBe(fp({ a: 'y', b: 'x' }));
  });

  it('changes with any value, with nesting, and with the operation', () => {
    expect(fp({ ...charge, price: '10.01' })).not.toBe(fp(charge));
    expect(fp({ card: { number: '1' } })).not.toBe(fp({ 'card[number]x': '1' }));
    expect(fp({ a: { b: '1' } })).not.toBe(fp({ a: '1' }));
    expect(fp(charge, '/v1/card/authenticate')).not.toBe(fp(charge));
    expect(fp(charge, '/v1/card/process', 'GET')).not.toBe(fp(charge));
  });

  it('keeps a nested field named signature', () => {
    expect(fp({ user: { signature: 'x' } })).not.toBe(fp({ user: {} }));
  });

  it('handles no parameters', () => {
    expect(fp(undefined)).toBe(fp({}));
  });
});
