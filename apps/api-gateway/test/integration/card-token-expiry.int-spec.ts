import axios from 'axios';
import * as qs from 'qs';
import type { Stack } from '@opp/local-stack';
import { AdminClient, eventually, MerchantClient, startTestStack } from '@opp/testing';

/** A temporary token past its lifetime (shortened here through payments' CARD_TOKEN_TTL_SECONDS). */
describe('card token expiry', () => {
  let stack: Stack;

  beforeAll(async () => {
    stack = await startTestStack({
      suite: 'card token expiry',
      services: ['api-gateway', 'users-recurring', 'payments'],
      extraEnv: { CARD_TOKEN_TTL_SECONDS: '1' },
    });
  });

  afterAll(async () => {
    await stack?.stop();
  });

  it('refuses a charge with an expired token with 403 40304', async () => {
    const gateway = stack.gatewayUrl!;
    const merchant = new MerchantClient(gateway, await new AdminClient(gateway).createProject());
    const user = await merchant.postForm('/v1/user/resolve', {
      identifier: 'late',
      ip: '10.0.0.2',
    });
    const token = await axios.get(`${gateway}/v1/card/getToken`, {
      params: {
        project: merchant.keys.publicKey,
        number: '4242424242424242',
        expiration_month: '12',
        expiration_year: String(new Date().getUTCFullYear() + 1),
        security_code: '123',
      },
      paramsSerializer: (p: Record<string, unknown>) => qs.stringify(p),
    });
    expect(token.status).toBe(200);
    await eventually(
      () => Date.now() > Date.parse(token.data.expiresAt),
      'the token to pass its expiry',
      10_000,
    );
    const response = await merchant.postForm('/v1/card/process', {
      user: user.data.id,
      card_token: token.data.id,
      price: '1.00',
      currency: 'EUR',
      description: 'Too late',
    });
    expect({ status: response.status, body: response.data }).toEqual({
      status: 403,
      body: { error: { code: 40304, message: expect.any(String) } },
    });
  });
});
