import { createHmac } from 'node:crypto';
import { keyedHash } from './keyed-hash';

describe('keyedHash', () => {
  const key = Buffer.alloc(32, 7);

  it('is HMAC-SHA256 in lowercase hex', () => {
    expect(keyedHash(key, 'value')).toBe(createHmac('sha256', key).update('value').digest('hex'));
  });

  it('depends on the key', () => {
    expect(keyedHash(key, 'value')).not.toBe(keyedHash(Buffer.alloc(32, 8), 'value'));
  });
});
