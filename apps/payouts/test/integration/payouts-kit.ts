import type { AppName, Stack } from '@opp/local-stack';
import { reconcileProjectIn } from '@opp/reconcile';
import {
  AdminClient,
  awaitProjectSnapshot,
  MerchantClient,
  queryStackDb,
  SANDBOX_SEPA_PAYOUT,
  STACK_START_TIMEOUT_MS,
  startTestStack,
} from '@opp/testing';

const FUTURE_YEAR = String(new Date().getUTCFullYear() + 3);

// The sandbox's payout fixtures are the harness's: other apps' suites pay out too.
export {
  CARD_PAYOUT_PARAMETERS,
  SANDBOX_IBANS as IBANS,
  SEPA_PAYOUT_PARAMETERS,
} from '@opp/testing';

/** A stack of the services a payout crosses (the gateway, users, payments' ledger, payouts) and `more`. */
export function startPayoutStack(
  suite: string,
  extraEnv: Record<string, string> = {},
  more: AppName[] = [],
): Promise<Stack> {
  return startTestStack({
    suite,
    services: ['api-gateway', 'users-recurring', 'payments', 'payouts', ...more],
    extraEnv,
  });
}

/**
 * A suite's payout stack, started before its tests and stopped after them, with the kit's reads
 * bound to it. Call it in the suite's `describe`.
 */
export function payoutSuite(suite: string, extraEnv: Record<string, string> = {}) {
  let started: Stack | undefined;
  beforeAll(async () => {
    started = await startPayoutStack(suite, extraEnv);
  }, STACK_START_TIMEOUT_MS);
  afterAll(async () => {
    await started?.stop();
  });
  const stack = (): Stack => {
    if (!started) throw new Error(`the stack of "${suite}" is not started`);
    return started;
  };
  return {
    get stack() {
      return stack();
    },
    fundedMerchant: (balance: string) => fundedMerchant(stack(), balance),
    payouts: (projectId: number) => paymentsPayouts(stack(), projectId),
    ledger: (projectId: number) => payoutLedger(stack(), projectId),
    reconcile: (projectId: number) => reconcilePayouts(stack(), projectId),
    /** Payouts' flows of a project (ADR 0060). */
    flows: (projectId: number) =>
      queryStackDb<{ state: string; payout_id: string | null }>(
        stack(),
        'payouts',
        `SELECT state, payout_id FROM payout_flows WHERE project_id = $1`,
        [projectId],
      ),
  };
}

/** A SEPA payout of 1.00 EUR that the sandbox rail completes, with the caller's fields over it. */
export function sepaPayout(extra: Record<string, unknown> = {}): Record<string, unknown> {
  return { ...SANDBOX_SEPA_PAYOUT, amount: '1.00', ...extra };
}

/** A project without fees, so a payment of X makes an available balance of exactly X. */
export async function fundedMerchant(
  stack: Stack,
  balance: string,
  extra: Record<string, unknown> = {},
): Promise<{ merchant: MerchantClient; projectId: number }> {
  const created = await new AdminClient(stack.gatewayUrl!).createProject({
    settings: { feePercent: '0', feeFixed: '0' },
    ...extra,
  });
  const merchant = new MerchantClient(stack.gatewayUrl!, created);
  await awaitProjectSnapshot(stack, 'payments', created.id, 120_000);
  const user = await merchant.postForm('/v1/user/resolve', {
    identifier: `payee-${created.id}`,
    ip: '10.0.0.9',
  });
  expect(user.status).toBe(200);
  const charge = await merchant.postForm('/v1/card/process', {
    user: user.data.id,
    card: {
      number: '4242424242424242',
      expiration_month: '12',
      expiration_year: FUTURE_YEAR,
      security_code: '123',
    },
    price: balance,
    currency: 'EUR',
    description: 'Funds for payouts',
  });
  expect(charge.data).toMatchObject({ status: 'completed' });
  return { merchant, projectId: created.id };
}

export async function availableBalance(merchant: MerchantClient): Promise<string> {
  const answer = await merchant.get('/v1/balance', { currency: 'EUR' });
  expect(answer.status).toBe(200);
  return answer.data.amount as string;
}

/** Payments' payouts of a project, in the order they were made. */
export function paymentsPayouts(stack: Stack, projectId: number) {
  return queryStackDb<{ id: string; status: string }>(
    stack,
    'payments',
    `SELECT id, status FROM payouts WHERE project_id = $1 ORDER BY id`,
    [projectId],
  );
}

/** ADR 0021: the differences between payments' books and payouts' orders for a project. */
export function reconcilePayouts(stack: Stack, projectId: number) {
  return reconcileProjectIn(
    { paymentsUrl: stack.databaseUrls.payments!, payoutsUrl: stack.databaseUrls.payouts! },
    projectId,
  );
}

/** The payments ledger's view of a project's payouts: reserved, posted out, released. */
export async function payoutLedger(stack: Stack, projectId: number) {
  const rows = await queryStackDb<{ kind: string; n: string; total: string }>(
    stack,
    'payments',
    `SELECT e.kind, count(DISTINCT e.id)::text AS n, COALESCE(sum(l.debit), 0)::text AS total
     FROM journal_entries e JOIN journal_lines l ON l.entry_id = e.id
     WHERE e.project_id = $1 AND e.payout_id IS NOT NULL GROUP BY e.kind`,
    [projectId],
  );
  return Object.fromEntries(rows.map((r) => [r.kind, { count: Number(r.n), total: r.total }]));
}
