import * as fs from 'node:fs';
import * as path from 'node:path';
import {
  findFreePort,
  findRepoRoot,
  localDir,
  startKafkaBroker,
  type KafkaBrokerHandle,
  type Stack,
} from '@opp/local-stack';
import { signPartnerPayload } from '@opp/signature';
import { AdminClient, eventually, MerchantClient, startTestStack } from '@opp/testing';

/**
 * The broker goes away and comes back. This suite runs its own broker, so stopping it disturbs no
 * other suite. The gateway must answer at once with a documented error (never hang, never 500),
 * and serve again when the broker is back, without any service being restarted.
 */
describe('gateway while the broker is down and after it is back', () => {
  let broker: KafkaBrokerHandle;
  let brokerOptions: Parameters<typeof startKafkaBroker>[0];
  let stack: Stack;
  let merchant: MerchantClient;
  let partner: { identifier: string; secret: string };

  beforeAll(async () => {
    const dataDir = localDir(findRepoRoot(), 'tmp', `outage-kafka-${process.pid}`);
    fs.rmSync(dataDir, { recursive: true, force: true });
    brokerOptions = {
      port: await findFreePort(),
      controllerPort: await findFreePort(),
      dataDir,
      logFile: path.join(dataDir, 'broker.log'),
      heapMb: 384,
    };
    broker = await startKafkaBroker(brokerOptions);
    stack = await startTestStack({
      suite: 'broker outage',
      services: ['api-gateway', 'users-recurring'],
      brokers: broker.brokers,
    });
    const admin = new AdminClient(stack.gatewayUrl!);
    const project = await admin.createProject();
    merchant = new MerchantClient(stack.gatewayUrl!, project);
    partner = await admin.createPartner(project.id, 'outage-partner');
  });

  afterAll(async () => {
    await stack?.stop();
    await broker?.stop();
  });

  // Each attempt is a new request (its own signature): the replay guard (ADR 0003) would otherwise
  // answer a repeat of the first, successful one from its record, broker or not.
  let attempt = 0;
  const resolve = () =>
    merchant.postForm('/v1/user/resolve', {
      identifier: 'outage',
      ip: '10.0.0.9',
      ua: `attempt-${++attempt}`,
    });

  const processing = () => {
    const body = JSON.stringify({
      header: { request: { id: 'r-1', date: new Date().toISOString() } },
      payload: {
        partner: { identifier: partner.identifier },
        tasks: [{ type: 'wait', payload: { seconds: 0 } }],
      },
    });
    return fetch(`${stack.gatewayUrl}/processing`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'x-opp-signature': signPartnerPayload(partner.secret, body),
      },
      body,
      signal: AbortSignal.timeout(15_000),
    });
  };

  it('answers 503 50301 on /v1 and the 404 apology on /processing, then recovers', async () => {
    const before = await resolve();
    expect(before.status).toBe(200);

    await broker.stop();

    const during = await resolve();
    expect(during.status).toBe(503);
    expect(during.data).toEqual({ error: { code: 50301, message: expect.any(String) } });
    const again = await resolve(); // fails fast now that the outage is known
    expect(again.status).toBe(503);

    const processingDuring = await processing();
    expect(processingDuring.status).toBe(404);
    expect(processingDuring.headers.get('content-type')).toMatch(/^text\/plain/);
    expect(await processingDuring.text()).toMatch(/cannot be accepted/);

    broker = await startKafkaBroker(brokerOptions);

    await eventually(
      async () => (await resolve()).status === 200,
      'the gateway to serve again',
      90_000,
      500,
    );
    const after = await resolve();
    expect(after.data).toEqual(before.data);
  });
});
