import type { Stack } from '@opp/local-stack';
import {
  eventually,
  queryStackDb,
  reserveInPaymentsLedger,
  type MerchantClient,
} from '@opp/testing';
import {
  availableBalance,
  fundedMerchant,
  IBANS,
  paymentsPayouts,
  payoutLedger,
  reconcilePayouts,
  SEPA_PAYOUT_PARAMETERS,
  startPayoutStack,
} from './payouts-kit';

/**
 * Money safety of payouts (ADR 0060): concurrent payouts against one balance, the database's own
 * overdraft guard, and SIGKILLs of payouts and payments between reservation and settlement.
 */
describe('payouts under concurrency and crashes', () => {
  let stack: Stack;

  beforeAll(async () => {
    // The rail answers after 3 s, so the kills below land while payouts are in flight.
    stack = await startPayoutStack('payouts concurrency', { PAYOUTS_SANDBOX_SETTLE_MS: '3000' });
  });

  afterAll(async () => {
    await stack?.stop();
  });

  const sepaPayout = (merchant: MerchantClient, orderId: string, amount = '1.00') =>
    merchant.postForm('/v1/payout', {
      type: 2,
      account: IBANS.completed,
      amount,
      currency: 'EUR',
      orderId,
      ...SEPA_PAYOUT_PARAMETERS,
    });

  const payoutStatuses = async (projectId: number) =>
    (await paymentsPayouts(stack, projectId)).map((r) => r.status);

  const availableInDb = async (projectId: number) => {
    const rows = await queryStackDb<{ available: string }>(
      stack,
      'payments',
      `SELECT available::text AS available FROM merchant_available_balances
       WHERE account = $1 AND currency = 'EUR'`,
      [`merchant:${projectId}:available`],
    );
    return BigInt(rows[0]?.available ?? '0');
  };

  const reconcile = (projectId: number) => reconcilePayouts(stack, projectId);

  it('accepts exactly 10 of 50 concurrent payouts that a balance covers 10 times', async () => {
    const { merchant, projectId } = await fundedMerchant(stack, '10.00');
    const answers = await Promise.all(
      Array.from({ length: 50 }, (_, i) => sepaPayout(merchant, `burst-${i}`)),
    );
    const accepted = answers.filter((a) => a.status === 200);
    const refused = answers.filter((a) => a.status === 403);
    expect(accepted).toHaveLength(10);
    expect(refused).toHaveLength(40);
    for (const r of refused) expect(r.data.error.code).toBe(40313);
    expect(await availableBalance(merchant)).toBe('0.00');
    expect(await availableInDb(projectId)).toBe(0n);

    await eventually(
      async () => (await payoutStatuses(projectId)).every((s) => s === 'completed'),
      'the 10 payouts completed',
      30_000,
    );
    expect(await payoutStatuses(projectId)).toHaveLength(10);
    expect(await availableBalance(merchant)).toBe('0.00');
    const ledger = await payoutLedger(stack, projectId);
    expect(ledger['payout-reservation']).toEqual({ count: 10, total: '1000' });
    expect(ledger['payout']).toEqual({ count: 10, total: '1000' });
    expect(await reconcile(projectId)).toEqual([]);
  });

  it('lets the database itself refuse a reservation above the available balance', async () => {
    const { projectId } = await fundedMerchant(stack, '1.00');
    const reserve = (minor: number) => reserveInPaymentsLedger(stack, projectId, minor);
    await expect(reserve(101)).rejects.toThrow(/below zero/);
    expect(await availableInDb(projectId)).toBe(100n);
    await reserve(100);
    expect(await availableInDb(projectId)).toBe(0n);
    // A reservation written behind the code's back is a difference the reconciliation reports.
    expect((await reconcile(projectId)).map((d) => d.check)).toEqual([
      'entry-balances',
      'payout-reservations',
    ]);
  });

  for (const killed of ['payouts', 'payments'] as const) {
    it(`settles each payout once when ${killed} is SIGKILLed between reservation and settlement`, async () => {
      const { merchant, projectId } = await fundedMerchant(stack, '5.00');
      const answers = await Promise.all(
        Array.from({ length: 5 }, (_, i) => sepaPayout(merchant, `${killed}-crash-${i}`)),
      );
      expect(answers.map((a) => a.status)).toEqual(Array(5).fill(200));

      await stack.services[killed]!.kill();
      // The kill landed with the payouts in flight: reserved, not yet settled.
      expect(
        (await payoutStatuses(projectId)).filter((s) => s === 'reserved').length,
      ).toBeGreaterThan(0);
      await stack.services[killed]!.restart();

      await eventually(
        async () => {
          const statuses = await payoutStatuses(projectId);
          return statuses.length === 5 && statuses.every((s) => s === 'completed');
        },
        `the 5 payouts completed after ${killed} restarted`,
        60_000,
      );
      const ledger = await payoutLedger(stack, projectId);
      expect(ledger['payout-reservation']).toEqual({ count: 5, total: '500' });
      expect(ledger['payout']).toEqual({ count: 5, total: '500' });
      expect(ledger['payout-release']).toBeUndefined();
      const orders = await queryStackDb<{ n: string }>(
        stack,
        'payouts',
        `SELECT count(*)::text AS n FROM payout_orders WHERE project_id = $1 AND status = 'completed'`,
        [projectId],
      );
      expect(orders[0].n).toBe('5');
      expect(await availableBalance(merchant)).toBe('0.00');
      expect(await reconcile(projectId)).toEqual([]);
    });
  }
});
