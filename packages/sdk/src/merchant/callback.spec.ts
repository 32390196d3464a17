import { OppSignatureError } from '../errors';
import { signParams } from '../signing/request-signature';
import { verifyMerchantCallback } from './callback';
import { MerchantClient } from './merchant-client';

const KEY = 'sk_callbacks';

function callbackFields(extra: Record<string, string> = {}): Record<string, string> {
  const params = {
    project: '12',
    user: 'u1',
    id: '501',
    reference_id: '',
    order_id: 'o-1',
    amount: '',
    price: '10.0000',
    deposit: '9.5000',
    earned: '9.5000',
    vat_rate: '',
    vat_amount: '',
    currency: 'EUR',
    type: 'transaction',
    status: 'completed',
    reason: '',
    sandbox: '1',
    attr_cart: 'c1',
    ...extra,
  };
  return { ...params, signature: signParams(params, KEY) };
}

describe('merchant callback verification', () => {
  const merchant = new MerchantClient({
    baseUrl: 'http://127.0.0.1:1',
    publicKey: 'pk',
    privateKey: KEY,
    previousPrivateKeys: ['sk_old'],
  });

  it('matches the documented test vector', () => {
    const vector = '54d72211dc40f096b27f5bc3895d2a62a0ff7a21bdbc0fe7c62f5d2dfb1a0b6a';
    const fields = { a: 'value1', b: '111', c: 'value2', signature: vector };
    expect(verifyMerchantCallback(fields, ['222'])).toEqual(fields);
  });

  it('accepts the fields parsed, as URLSearchParams or as the raw form body', () => {
    const fields = callbackFields();
    const form = new URLSearchParams(fields);
    for (const input of [fields, form, form.toString()]) {
      expect(merchant.verifyCallback(input)).toBe(true);
    }
    expect(merchant.parseCallback(form.toString())).toEqual(fields);
  });

  it('refuses a changed value, another key, or a missing or malformed signature', () => {
    const fields = callbackFields();
    expect(merchant.verifyCallback({ ...fields, status: 'failed' })).toBe(false);
    expect(merchant.verifyCallback({ ...fields, attr_extra: 'x' })).toBe(false);
    expect(merchant.verifyCallback({ ...fields, signature: undefined })).toBe(false);
    expect(merchant.verifyCallback({ ...fields, signature: fields.signature.toUpperCase() })).toBe(
      false,
    );
    expect(() => verifyMerchantCallback(fields, ['another'])).toThrow(OppSignatureError);
  });

  it('accepts a callback signed before a key rotation with a previous key', () => {
    const params = { project: '12', status: 'completed' };
    const old = { ...params, signature: signParams(params, 'sk_old') };
    expect(merchant.verifyCallback(old)).toBe(true);
    expect(() => verifyMerchantCallback(old, [KEY])).toThrow(OppSignatureError);
  });

  it('refuses a form body that repeats a field', () => {
    const body = `${new URLSearchParams(callbackFields()).toString()}&status=failed`;
    expect(() => merchant.parseCallback(body)).toThrow(/repeats the field "status"/);
  });

  describe('with maxAgeSeconds (expiring signatures)', () => {
    const now = () => 1_790_000_000_000;

    it('accepts a signed timestamp within the window, either side of now', () => {
      for (const timestamp of ['1790000000', '1789999700', '1790000300']) {
        const fields = callbackFields({ timestamp });
        expect(merchant.verifyCallback(fields, { maxAgeSeconds: 300, now })).toBe(true);
      }
    });

    it('refuses a stale, future or malformed timestamp, and says why', () => {
      for (const timestamp of ['1789999699', '1790000301', 'abc']) {
        const fields = callbackFields({ timestamp });
        expect(merchant.verifyCallback(fields, { maxAgeSeconds: 300, now })).toBe(false);
      }
      expect(
        merchant.checkCallback(callbackFields({ timestamp: '1789999699' }), {
          maxAgeSeconds: 300,
          now,
        }),
      ).toEqual({ valid: false, reason: 'the callback timestamp is too old or in the future' });
    });

    // Issue 40: the README's `{ maxAgeSeconds: 300 }` refused every callback of a default project
    // (no timestamp unless requireTimestamp), so the merchant answered 403 to all their retries.
    it("accepts a default project's callback, which carries no timestamp", () => {
      const fields = callbackFields();
      expect(fields).not.toHaveProperty('timestamp');
      expect(merchant.checkCallback(fields, { maxAgeSeconds: 300, now })).toEqual({
        valid: true,
        callback: fields,
      });
    });

    it('refuses a callback without timestamp when told the project requires one', () => {
      expect(
        merchant.checkCallback(callbackFields(), {
          maxAgeSeconds: 300,
          requireTimestamp: true,
          now,
        }),
      ).toEqual({ valid: false, reason: 'the callback carries no signed timestamp' });
    });

    it('names a bad signature as the reason', () => {
      const fields = { ...callbackFields(), amount: '999.00' };
      expect(merchant.checkCallback(fields)).toEqual({
        valid: false,
        reason: 'the callback signature is not valid',
      });
    });

    it('is opt-in: without it a stale timestamp still verifies', () => {
      expect(merchant.verifyCallback(callbackFields({ timestamp: '1' }), { now })).toBe(true);
    });
  });
});
