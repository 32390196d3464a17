import { report, runChaos } from './run';

/** A broker and four service instances of its own start here: slow on a loaded machine. */
const RUN_TIMEOUT_MS = 300_000;

/**
 * The short run of `npm run chaos` (docs/operations/chaos.md): one broker of its own, two payments
 * instances, under a few seconds of charges: one payments instance SIGKILLed, then
 * payments cut off the broker through the proxy. Nothing acknowledged is lost, nothing doubled,
 * and the books reconcile. The three-broker scenarios run in `npm run chaos` only.
 */
describe('chaos, short run', () => {
  it(
    'loses and doubles nothing when a payments instance dies and payments loses the broker',
    async () => {
      // OPP_TEST_DB_TAG keeps two checkouts' runs apart (tools/testing's suitePrefixes).
      const tag = process.env.OPP_TEST_DB_TAG ?? '';
      const outcomes = await runChaos({
        brokers: 1,
        // What a charge needs; the trees run in `npm run chaos`.
        services: ['api-gateway', 'users-recurring', 'payments'],
        instances: { payments: 2 },
        load: {
          concurrency: 4,
          treeSubmitters: 0,
          treePauseMs: 0,
          seconds: 10,
          faultAfterSeconds: 2,
        },
        scenarios: ['instances', 'broker-cut'],
        brokerCutSeconds: 5,
        postgresDownSeconds: 0,
        killGapSeconds: 1,
        payouts: 0,
        subscribers: 0,
        outageHours: 0,
        deadLetters: 0,
        dbPrefix: `opp_t_${tag ? `${tag}_` : ''}chaos_`,
        dir: `chaos-test${tag ? `-${tag}` : ''}`,
        privatePostgres: false,
        log: () => undefined,
      });
      const { text, ok } = report(outcomes);
      expect({ ok, text }).toEqual({ ok: true, text: expect.any(String) as string });
      expect(outcomes.map((o) => [o.lost, o.doubled, o.differences])).toEqual([
        [0, 0, 0],
        [0, 0, 0],
      ]);
      // The faults landed: the second instance was killed, payments' connections were cut.
      const [killed, cut] = outcomes;
      expect(killed.scenario).toMatch(/SIGKILLed in turn \(1\)/);
      expect(cut.notes[0]).toMatch(/^[1-9]\d* broker connection\(s\) of payments cut/);
    },
    RUN_TIMEOUT_MS,
  );
});
