import type { AppName } from '@opp/local-stack';
import { eventually } from '@opp/testing';
import { availableBalance, payoutSuite, sepaPayout } from './payouts-kit';

/** Three restarts and a payout's whole flow per crash point. */
const CRASH_TEST_TIMEOUT_MS = 300_000;

/**
 * The payout saga's crash points (docs/architecture/sagas.md, Payout): the owning process SIGKILLs
 * itself between two steps (`OPP_CRASH_AT`, libs/saga), the gateway is killed too, both restart
 * without the hook, and the flow ends complete: one payout, the balance moved once, the merchant's
 * retry answers it, and the reconciliation (ADR 0021) finds no difference.
 */
describe('the payout saga across crashes', () => {
  const suite = payoutSuite('payout saga crash', {
    PAYOUTS_SANDBOX_SETTLE_MS: '500',
    GATEWAY_REQUEST_TIMEOUT_MS: '4000',
  });

  /** Where the process dies: after the step before it committed, before the step after it. */
  const CRASH_POINTS: [string, AppName][] = [
    ['payout-saga.flow-recorded', 'payouts'],
    ['payout-saga.reservation-answered', 'payouts'],
    ['payout-saga.settling', 'payouts'],
    ['payout-saga.settlement-posting', 'payments'],
  ];

  for (const [point, owner] of CRASH_POINTS) {
    it(
      `completes a payout once when ${owner} dies at ${point}`,
      async () => {
        const { merchant, projectId } = await suite.fundedMerchant('5.00');
        const signed = merchant.sign(sepaPayout({ orderId: `crash-${projectId}` }));
        const service = suite.stack.services[owner]!;
        const gateway = suite.stack.services['api-gateway']!;
        await service.restart({ OPP_CRASH_AT: point });

        const first = await merchant.postForm('/v1/payout', signed, false);
        // The first two points fall before the flow is accepted: the gateway waited in vain.
        expect([200, 503]).toContain(first.status);
        await service.exited;
        await gateway.kill();
        await service.restart({ OPP_CRASH_AT: undefined });
        await gateway.restart();

        await eventually(
          async () => {
            const payouts = await suite.payouts(projectId);
            return payouts.length === 1 && payouts[0].status === 'completed';
          },
          `the payout completed after ${owner} died at ${point}`,
          120_000,
        );
        const [payout] = await suite.payouts(projectId);
        expect(await suite.flows(projectId)).toEqual([{ state: 'accepted', payout_id: payout.id }]);
        if (first.status === 200) expect(first.data.id).toBe(Number(payout.id));

        const retry = await merchant.postForm('/v1/payout', signed, false);
        expect(retry.status).toBe(200);
        expect(retry.data).toEqual({ id: Number(payout.id), success: true, status: 'processing' });

        const ledger = await suite.ledger(projectId);
        expect(ledger['payout-reservation']).toEqual({ count: 1, total: '100' });
        expect(ledger['payout']).toEqual({ count: 1, total: '100' });
        expect(ledger['payout-release']).toBeUndefined();
        expect(await availableBalance(merchant)).toBe('4.00');
        expect(await suite.reconcile(projectId)).toEqual([]);
      },
      CRASH_TEST_TIMEOUT_MS,
    );
  }
});
