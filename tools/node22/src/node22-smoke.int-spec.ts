// The start-up smoke on Node 22 LTS (ADR 0071): the six compiled services started by the Node 22
// binary of tools/node22 (not by the Node that runs jest), each ready, then one signed card charge
// and one processing tree to its end. The services themselves report which Node runs them.
import * as fs from 'node:fs';
import { APP_NAMES, findRepoRoot, type AppName, type Stack } from '@opp/local-stack';
import {
  AdminClient,
  MerchantClient,
  SANDBOX_CARD,
  newPartner,
  PartnerClient,
  startTestStack,
  wait,
} from '@opp/testing';
import { node22Binary } from './node22-binary';

/** `nodejs_version_info{version="v22.x.y",...} 1` of a service's own /metrics. */
async function reportedNodeVersion(url: string): Promise<string | undefined> {
  const text = await (await fetch(`${url}/metrics`)).text();
  return /^nodejs_version_info\{[^}]*version="v([^"]+)"/m.exec(text)?.[1];
}

describe('start-up smoke on Node 22', () => {
  const binary = node22Binary(findRepoRoot());
  let stack: Stack;

  beforeAll(async () => {
    if (!fs.existsSync(binary)) {
      throw new Error(
        `${binary} is missing: node tools/node22/install.mjs installs it (npm test does)`,
      );
    }
    stack = await startTestStack({
      suite: 'node22 smoke',
      services: APP_NAMES,
      nodeBinary: binary,
    });
  });

  afterAll(async () => {
    await stack?.stop();
  });

  it('runs every service on Node 22, each ready', async () => {
    const metricsUrl = (app: AppName) =>
      app === 'api-gateway' ? stack.adminUrl! : stack.services[app]!.url;
    const versions = Object.fromEntries(
      await Promise.all(
        APP_NAMES.map(async (app) => [app, await reportedNodeVersion(metricsUrl(app))] as const),
      ),
    );
    for (const app of APP_NAMES) {
      expect({ app, node: versions[app] }).toEqual({ app, node: expect.stringMatching(/^22\./) });
      expect((await fetch(`${stack.services[app]!.url}/health/ready`)).status).toBe(200);
    }
  });

  it('takes one signed card charge', async () => {
    const project = await new AdminClient(stack.gatewayUrl!).createProject();
    const merchant = new MerchantClient(stack.gatewayUrl!, project);
    const user = (
      await merchant.postForm('/v1/user/resolve', { identifier: 'node22', ip: '10.0.0.2' })
    ).data.id;
    const charge = await merchant.postForm('/v1/card/process', {
      user,
      card: SANDBOX_CARD,
      price: '12.00',
      currency: 'EUR',
      description: 'Node 22 smoke',
      order_id: 'node22-1',
    });
    expect(charge.data.status).toBe('completed');
  });

  it('runs one processing tree to its end', async () => {
    const partner = new PartnerClient(stack.gatewayUrl!, await newPartner(stack, 'node22-partner'));
    const { status, data } = await partner.submit(partner.request([wait(0)]));
    expect(status).toBe(200);
    const finished = await partner.finished(data.header.response.globalId);
    expect(finished.result.status).toBe('FINISHED');
  });
});
