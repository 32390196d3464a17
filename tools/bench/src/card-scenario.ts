import { AdminClient } from '@opp/testing';
import { benchCardNumber } from './card-numbers';
import { runLoad, type LoadResult } from './load';
import { postSignedForm } from './signed-form';

/** POST /v1/card/process with card data (vault, charge, ledger, outbox), each with its own order id. */
export async function runCardScenario(
  gatewayUrl: string,
  options: { concurrency: number; seconds: number },
): Promise<LoadResult> {
  const keys = await new AdminClient(gatewayUrl).createProject({ name: 'Bench shop' });
  // One user per worker and a new card per charge, as many shoppers would: a user's charges are
  // ordered on one partition, so a single user would measure one partition, not the system.
  const users = await Promise.all(
    Array.from({ length: options.concurrency }, async (_, worker) => {
      const answer = (await postSignedForm(`${gatewayUrl}/v1/user/resolve`, keys, {
        identifier: `bench-user-${worker}`,
        ip: '203.0.113.10',
      })) as { id: string };
      return answer.id;
    }),
  );
  await waitForProjectInPayments(gatewayUrl, keys, users[0]);
  const run = `${Date.now()}`;
  return runLoad(
    'POST /v1/card/process (gateway -> payments)',
    async (worker, i) => {
      const answer = (await postSignedForm(`${gatewayUrl}/v1/card/process`, keys, {
        user: users[worker],
        card: {
          number: benchCardNumber(i),
          expiration_month: '12',
          expiration_year: '2030',
          security_code: '123',
        },
        price: '10.00',
        currency: 'EUR',
        order_id: `bench-${run}-${worker}-${i}`,
        description: 'Benchmark charge',
      })) as { status?: string };
      if (answer.status !== 'completed') throw new Error(`charge ended ${answer.status}`);
    },
    options,
  );
}

/** A new project reaches payments through its snapshot; charge only once it has. */
async function waitForProjectInPayments(
  gatewayUrl: string,
  keys: { publicKey: string; privateKey: string },
  userId: string,
): Promise<void> {
  for (let attempt = 0; attempt < 100; attempt++) {
    try {
      await postSignedForm(`${gatewayUrl}/v1/card/process`, keys, {
        user: userId,
        card: {
          number: '4242424242424242',
          expiration_month: '12',
          expiration_year: '2030',
          security_code: '123',
        },
        price: '1.00',
        currency: 'EUR',
        order_id: `bench-warm-${attempt}`,
        description: 'Benchmark warm-up',
      });
      return;
    } catch {
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
  }
  throw new Error('payments never learned the benchmark project');
}
