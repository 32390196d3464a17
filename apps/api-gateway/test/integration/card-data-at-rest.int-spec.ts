import * as fs from 'node:fs';
import * as path from 'node:path';
import type { Stack } from '@opp/local-stack';
import { findRepoRoot, localDir } from '@opp/local-stack';
import {
  AdminClient,
  CaptureServer,
  findCardDataInLogs,
  MerchantClient,
  queryStackDb,
  SANDBOX_PANS,
  startTestStack,
} from '@opp/testing';

const YEAR = String(new Date().getUTCFullYear() + 2);
const CODE = '737';

/**
 * ARCHITECTURE.md, card data: after every kind of card request, at the most verbose log level, no
 * log line holds a card number or a security code, and no database column holds either.
 */
describe('card data never lands in logs or databases', () => {
  let stack: Stack;
  let merchant: MerchantClient;
  let callbacks: CaptureServer;

  beforeAll(async () => {
    callbacks = await CaptureServer.start();
    stack = await startTestStack({
      suite: 'card data at rest',
      services: ['api-gateway', 'users-recurring', 'payments', 'notifier'],
      logLevel: 'debug',
    });
    const admin = new AdminClient(stack.gatewayUrl!);
    merchant = new MerchantClient(
      stack.gatewayUrl!,
      await admin.createProject({ callbackUrl: callbacks.url('/cb') }),
    );
  });

  afterAll(async () => {
    await stack?.stop();
    await callbacks?.stop();
  });

  const card = (number: string) => ({
    number,
    expiration_month: '12',
    expiration_year: YEAR,
    security_code: CODE,
    holder: 'CARD HOLDER',
  });

  it('leaves no card number or security code in any log line or column', async () => {
    const user = (
      await merchant.postForm('/v1/user/resolve', { identifier: 'holder', ip: '10.0.0.1' })
    ).data.id;
    for (const [i, number] of SANDBOX_PANS.entries()) {
      // getToken carries the card in its query string; the charge in a form body; both also as JSON.
      await merchant.get('/v1/card/getToken', { ...card(number), callback: 'cb' }, false);
      await merchant.postForm('/v1/card/process', {
        user,
        card: card(number),
        price: '10.00',
        currency: 'EUR',
        description: 'scan',
        order_id: `scan-${i}`,
      });
      await merchant.postJson('/v1/card/process', {
        user,
        card: card(number),
        price: '5.00',
        currency: 'EUR',
        description: 'scan json',
      });
    }
    await merchant.postForm('/v1/card/process', {
      user,
      card: card('4242424242424241'),
      price: '1',
      currency: 'EUR',
      description: 'x',
    });
    await callbacks.waitFor('/cb', 5);

    const logs = localDir(findRepoRoot(), 'logs', 'test', 'card_data_at_rest');
    expect(findCardDataInLogs(logs, [...SANDBOX_PANS, '4242424242424241'], [CODE])).toEqual([]);
    // The scan read real request logs (with their masked query strings), not an empty directory.
    const gatewayLog = fs.readFileSync(path.join(logs, 'api-gateway.log'), 'utf8');
    expect(gatewayLog).toMatch(/card\/getToken\?.*number=\[REDACTED\]/);

    for (const app of ['api-gateway', 'users-recurring', 'payments', 'notifier'] as const) {
      const columns = await queryStackDb<{ table_name: string; column_name: string }>(
        stack,
        app,
        `SELECT table_name, column_name FROM information_schema.columns
         WHERE table_schema = 'public' AND data_type IN ('text', 'character varying', 'jsonb', 'json')`,
      );
      for (const { table_name: table, column_name: column } of columns) {
        const hits = await queryStackDb(
          stack,
          app,
          `SELECT 1 FROM "${table}" WHERE "${column}"::text ~ $1 LIMIT 1`,
          [`(${SANDBOX_PANS.join('|')})|(security_?code|securityCode)"?\\s*[:=]\\s*"?${CODE}`],
        );
        expect({ app, table, column, hits: hits.length }).toEqual({ app, table, column, hits: 0 });
      }
    }
  });
});
