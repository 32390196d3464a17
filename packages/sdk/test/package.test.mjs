// `npm test` of the package on its own (outside the platform's repository): the built entry
// points load, sign and verify as the README says. The repository runs the full unit suite.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);
const sdk = require('../dist/index.js');

test('exports the clients, the error catalogue and the signing entry', () => {
  for (const name of ['MerchantClient', 'PartnerClient', 'AdminClient', 'OppApiError']) {
    assert.equal(typeof sdk[name], 'function', name);
  }
  assert.equal(sdk.ErrorCode.SignatureInvalid, 40301);
  assert.equal(require('../dist/error-codes.js').ErrorCode, sdk.ErrorCode);
  assert.equal(typeof require('../dist/signing/index.js').renderLeaf, 'function');
});

test("a callback signed with the project's key verifies, and a changed one says why", () => {
  const merchant = new sdk.MerchantClient({
    baseUrl: 'https://pay.example',
    publicKey: 'pk',
    privateKey: 'sk',
  });
  const fields = { id: '501', order_id: 'o-1', status: 'completed', price: '10.00' };
  const signed = merchant.sign(fields);
  assert.deepEqual(merchant.checkCallback(signed, { maxAgeSeconds: 300 }).valid, true);
  const changed = merchant.checkCallback({ ...signed, price: '1.00' });
  assert.deepEqual(changed, { valid: false, reason: 'the callback signature is not valid' });
});
