import type { Stack } from '@opp/local-stack';
import { spawnSync } from 'node:child_process';
import { AdminClient, MerchantClient } from '@opp/sdk';
import { DEV_ADMIN_TOKEN, startTestStack } from '@opp/testing';
import { runExample, type ExampleRun } from './run-example';
import { packSdkOutsideTheRepository } from './sdk-package';

/** Six services and a broker start here: on a loaded machine that takes more than the default. */
const STACK_START_TIMEOUT_MS = 300_000;

/**
 * Every example of examples/ (README there), compiled by `npm run build`, run as a child process
 * against the whole system as `npm start` runs it: each must exit 0 having printed its outcome.
 */
describe('the examples against the whole system', () => {
  let stack: Stack;
  let env: Record<string, string>;

  beforeAll(async () => {
    stack = await startTestStack({ suite: 'examples' });
    env = {
      OPP_GATEWAY_URL: stack.gatewayUrl!,
      OPP_ADMIN_URL: stack.adminUrl!,
      OPP_ADMIN_TOKEN: DEV_ADMIN_TOKEN,
      OPP_WAIT_SECONDS: '60',
    };
  }, STACK_START_TIMEOUT_MS);

  afterAll(async () => {
    await stack?.stop();
  });

  /** The run's output; a failed run fails the test with everything it printed, so it says why. */
  const succeeded = (run: ExampleRun) => {
    if (run.code !== 0 || run.stderr !== '') {
      throw new Error(`exit code ${run.code}\n${run.stdout}${run.stderr}`);
    }
    return run.stdout;
  };

  it('create-project prints the keys of a new project that the other examples take', async () => {
    const output = succeeded(await runExample('create-project', env));
    expect(output).toMatch(/^created project \d+ "Example shop" \(sandbox\)$/m);
    expect(output).toMatch(/^signed balance call: 0\.00 EUR available$/m);
    const publicKey = /^export OPP_PUBLIC_KEY=(\S+)$/m.exec(output)?.[1];
    const privateKey = /^export OPP_PRIVATE_KEY=(\S+)$/m.exec(output)?.[1];
    expect({ publicKey, privateKey }).toEqual({
      publicKey: expect.any(String),
      privateKey: expect.any(String),
    });

    const charged = succeeded(
      await runExample('charge-card', {
        ...env,
        OPP_PUBLIC_KEY: publicKey!,
        OPP_PRIVATE_KEY: privateKey!,
      }),
    );
    expect(charged).toMatch(/^payment \d+: 19\.90 EUR, status completed$/m);
    const orderId = /^status of order (\S+): completed$/m.exec(charged)?.[1];
    // The charge belongs to the project whose keys it was given.
    const merchant = new MerchantClient({
      baseUrl: stack.gatewayUrl!,
      publicKey: publicKey!,
      privateKey: privateKey!,
    });
    expect(await merchant.transactionStatus({ order_id: orderId! })).toMatchObject({
      status: 'completed',
      price: '19.90',
    });
  });

  it('charge-card charges a card with a project of its own', async () => {
    const output = succeeded(await runExample('charge-card', env));
    expect(output).toMatch(/^card token for \*+4242$/m);
    expect(output).toMatch(/^status of order order-[\w-]+: completed$/m);
  });

  it('three-d-secure passes the challenge with form posts and completes the payment', async () => {
    const output = succeeded(await runExample('three-d-secure', env));
    expect(output).toMatch(/^payment \d+: status authenticating$/m);
    expect(output).toMatch(/^back at https:\/\/shop\.example\/3ds-return with PaRes and MD$/m);
    expect(output).toMatch(/^payment \d+ after 3-D Secure: status completed$/m);
  });

  it('reversal refunds a payment in two parts and is refused one cent more', async () => {
    const output = succeeded(await runExample('reversal', env));
    expect(output).toMatch(/^reversal \d+ of payment \d+: 10\.00, completed$/m);
    expect(output).toMatch(/^reversal \d+ of payment \d+: 15\.00, completed$/m);
    expect(output).toMatch(/^payment \d+: status refunded \(was completed\)$/m);
    expect(output).toMatch(/^one more cent refused: 405 40504 /m);
  });

  it('payout pays out to an IBAN and verifies the payout_completed callback', async () => {
    const output = succeeded(await runExample('payout', env));
    expect(output).toMatch(/^sepa \(type \d+\) requires: .*receiverBankBIC/m);
    expect(output).toMatch(/^payout \d+: processing$/m);
    expect(output).toMatch(/^callback verified: payout \d+ payout_completed, 20\.0+ EUR$/m);
  });

  it('processing-tree runs both branches, verifies the notification and reads FINISHED', async () => {
    const output = succeeded(await runExample('processing-tree', env));
    const globalId = /^accepted: globalId (\S+),/m.exec(output)?.[1];
    expect(output).toContain(`notification verified: globalId ${globalId}`);
    expect(output).toContain(`request ${globalId}: FINISHED`);
    expect(output).toMatch(
      /^card\.payment: SUCCESS \(completed\)\n {2}success:\n {4}transaction\.status: SUCCESS/m,
    );
    expect(output).toMatch(/^card\.payment: FAIL \(failed\)\n/m);
    expect(output.match(/: SKIPPED$/gm)).toHaveLength(2);
  });

  // Issue 40: the SDK as a merchant gets it, not as the monorepo's source. Packed from a copy
  // outside the repository, installed into a scratch project whose strict TypeScript is the
  // README's own example, which charges a card here.
  it("the packed SDK's README example, strict TypeScript in a scratch project, charges a card", async () => {
    const packed = packSdkOutsideTheRepository();
    try {
      const admin = new AdminClient({ baseUrl: stack.adminUrl!, token: DEV_ADMIN_TOKEN });
      const project = await admin.createProject({ name: 'Packed SDK shop' });
      const run = spawnSync(process.execPath, [packed.compiled['charge-card']], {
        cwd: packed.project,
        encoding: 'utf8',
        env: {
          ...process.env,
          OPP_GATEWAY_URL: stack.gatewayUrl!,
          OPP_PUBLIC_KEY: project.publicKey,
          OPP_PRIVATE_KEY: project.privateKey,
        },
      });
      expect({ code: run.status, stderr: run.stderr }).toEqual({ code: 0, stderr: '' });
      const id = Number(/^payment (\d+): completed$/m.exec(run.stdout)?.[1]);
      const merchant = new MerchantClient({ baseUrl: stack.gatewayUrl!, ...project });
      expect(await merchant.transaction(id)).toMatchObject({ id, status: 'completed' });
    } finally {
      packed.remove();
    }
  });
});
