import { suitePrefixes, testDatabaseAdminUrl } from '@opp/testing';
import type { ScenarioOutcome } from './outcome';
import { report, runChaos } from './run';
import { shortRunOptions } from './short-run';

const SUITE = 'chaos short run';

/** A bound on a stuck run (a service that never starts), not a measure: the run's time is printed. */
const STUCK_AFTER_MS = 8 * 60_000;

/**
 * The chaos suite's short run in `npm test` (ADR 0022, docs/operations/chaos.md): its own broker,
 * this run's PostgreSQL server (global setup) under this suite's database names, and the scenarios
 * of `shortRunOptions`. Every row of the table: nothing acknowledged lost, nothing twice, the books
 * reconciled.
 */
describe('chaos short run', () => {
  it(
    'loses nothing acknowledged, does nothing twice and reconciles, under each fault',
    async () => {
      const started = Date.now();
      const lines: string[] = [];
      const options = shortRunOptions({
        dbPrefix: suitePrefixes(SUITE).dbPrefix,
        dir: 'chaos-short-test',
        sharedAdminUrl: testDatabaseAdminUrl(),
        log: (line) => lines.push(`${((Date.now() - started) / 1000).toFixed(0)} s ${line}`),
      });
      const outcomes = await runChaos(options);
      const { text } = report(outcomes);
      console.log(
        `chaos short run: ${((Date.now() - started) / 1000).toFixed(0)} s\n\n${text}\n\n` +
          lines.join('\n'),
      );
      // One row per scenario asked, each clean; the table above carries the notes of a failure.
      expect(outcomes).toHaveLength(options.scenarios.length);
      const row = (o: ScenarioOutcome, lost: number, doubled: number, differences: number) =>
        `${o.scenario}: lost ${lost}, doubled ${doubled}, ${differences} reconciliation differences`;
      expect(outcomes.map((o) => row(o, o.lost, o.doubled, o.differences))).toEqual(
        outcomes.map((o) => row(o, 0, 0, 0)),
      );
    },
    STUCK_AFTER_MS,
  );
});
