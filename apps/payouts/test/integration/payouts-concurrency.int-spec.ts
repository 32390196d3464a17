import {
  eventually,
  queryStackDb,
  reserveInPaymentsLedger,
  type MerchantClient,
} from '@opp/testing';
import { availableBalance, payoutSuite, sepaPayout } from './payouts-kit';

/**
 * Money safety of payouts (ADR 0060): concurrent payouts against one balance, the database's own
 * overdraft guard, and SIGKILLs of payouts and payments between reservation and settlement.
 */
describe('payouts under concurrency and crashes', () => {
  // The rail answers after 3 s, so the kills below land while payouts are in flight.
  const suite = payoutSuite('payouts concurrency', { PAYOUTS_SANDBOX_SETTLE_MS: '3000' });

  const payOut = (merchant: MerchantClient, orderId: string) =>
    merchant.postForm('/v1/payout', sepaPayout({ orderId }));

  const payoutStatuses = async (projectId: number) =>
    (await suite.payouts(projectId)).map((r) => r.status);

  const availableInDb = async (projectId: number) => {
    const rows = await queryStackDb<{ available: string }>(
      suite.stack,
      'payments',
      `SELECT available::text AS available FROM merchant_available_balances
       WHERE account = $1 AND currency = 'EUR'`,
      [`merchant:${projectId}:available`],
    );
    return BigInt(rows[0]?.available ?? '0');
  };

  it('accepts exactly 10 of 50 concurrent payouts that a balance covers 10 times', async () => {
    const { merchant, projectId } = await suite.fundedMerchant('10.00');
    const answers = await Promise.all(
      Array.from({ length: 50 }, (_, i) => payOut(merchant, `burst-${i}`)),
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
    const ledger = await suite.ledger(projectId);
    expect(ledger['payout-reservation']).toEqual({ count: 10, total: '1000' });
    expect(ledger['payout']).toEqual({ count: 10, total: '1000' });
    expect(await suite.reconcile(projectId)).toEqual([]);
  });

  it('lets the database itself refuse a reservation above the available balance', async () => {
    const { projectId } = await suite.fundedMerchant('1.00');
    const reserve = (minor: number) => reserveInPaymentsLedger(suite.stack, projectId, minor);
    await expect(reserve(101)).rejects.toThrow(/below zero/);
    expect(await availableInDb(projectId)).toBe(100n);
    await reserve(100);
    expect(await availableInDb(projectId)).toBe(0n);
    // A reservation written behind the code's back is a difference the reconciliation reports.
    expect((await suite.reconcile(projectId)).map((d) => d.check)).toEqual([
      'entry-balances',
      'payout-reservations',
    ]);
  });

  for (const killed of ['payouts', 'payments'] as const) {
    it(`settles each payout once when ${killed} is SIGKILLed between reservation and settlement`, async () => {
      const { merchant, projectId } = await suite.fundedMerchant('5.00');
      const answers = await Promise.all(
        Array.from({ length: 5 }, (_, i) => payOut(merchant, `${killed}-crash-${i}`)),
      );
      expect(answers.map((a) => a.status)).toEqual(Array(5).fill(200));

      await suite.stack.services[killed]!.kill();
      // The kill landed with the payouts in flight: reserved, not yet settled.
      expect(
        (await payoutStatuses(projectId)).filter((s) => s === 'reserved').length,
      ).toBeGreaterThan(0);
      await suite.stack.services[killed]!.restart();

      await eventually(
        async () => {
          const statuses = await payoutStatuses(projectId);
          return statuses.length === 5 && statuses.every((s) => s === 'completed');
        },
        `the 5 payouts completed after ${killed} restarted`,
        60_000,
      );
      const ledger = await suite.ledger(projectId);
      expect(ledger['payout-reservation']).toEqual({ count: 5, total: '500' });
      expect(ledger['payout']).toEqual({ count: 5, total: '500' });
      expect(ledger['payout-release']).toBeUndefined();
      const orders = await queryStackDb<{ n: string }>(
        suite.stack,
        'payouts',
        `SELECT count(*)::text AS n FROM payout_orders WHERE project_id = $1 AND status = 'completed'`,
        [projectId],
      );
      expect(orders[0].n).toBe('5');
      expect(await availableBalance(merchant)).toBe('0.00');
      expect(await suite.reconcile(projectId)).toEqual([]);
    });
  }
});
