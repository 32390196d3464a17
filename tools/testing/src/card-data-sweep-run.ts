import { findRepoRoot, localDir } from '@opp/local-stack';
import { findCardDataInLogs } from './card-data-scan';
import {
  findCardDataInDatabases,
  findCardDataInTopics,
  listDatabases,
  type SweepFinding,
} from './card-data-sweep';
import { testCheckoutTag } from './infra/test-env';

const STATE_KEY = '__OPP_DATABASES_BEFORE_RUN__';
const SHOWN = 20;

/** This checkout's test databases (`opp_t_<tag>`), so another checkout's are never read. */
function databasePrefix(): string {
  return `opp_t_${testCheckoutTag()}`;
}

/** Global setup: the test databases that exist before the run (name -> oid). */
export async function rememberDatabasesBeforeRun(adminUrl: string): Promise<void> {
  (globalThis as Record<string, unknown>)[STATE_KEY] = await listDatabases(
    adminUrl,
    databasePrefix(),
  );
}

/**
 * The sweep of ARCHITECTURE's card-data rule over a whole test run (docs/security/card-data.md):
 * every message of every topic from the earliest offset (dead-letter topics included), every
 * text/json column of every database this run created (a database created again has a new oid)
 * and every service log line. Run by global teardown before the broker stops; a finding fails
 * the run and is printed, masked, with where it was found.
 */
export async function sweepRunForCardData(brokers: string, adminUrl: string): Promise<void> {
  const before =
    ((globalThis as Record<string, unknown>)[STATE_KEY] as Map<string, number> | undefined) ??
    new Map<string, number>();
  const now = await listDatabases(adminUrl, databasePrefix());
  const created = [...now].filter(([name, oid]) => before.get(name) !== oid).map(([name]) => name);
  const findings: SweepFinding[] = [
    ...(await findCardDataInTopics(brokers.split(','))),
    ...(await findCardDataInDatabases(adminUrl, created)),
    ...findCardDataInLogs(localDir(findRepoRoot(), 'logs', 'test')).map((f) => ({
      kind: 'card number' as const,
      where: `log ${f.file}:${f.line}`,
      excerpt: f.excerpt,
    })),
  ];
  console.log(
    `\n[card-data sweep] read the topics, ${created.length} databases and the service logs: ` +
      `${findings.length} findings`,
  );
  if (findings.length > 0) {
    // Where, in short (topic without the run's prefix and offset, table and column, log file).
    const places = new Map<string, number>();
    for (const f of findings) {
      const place = `${f.kind} in ${f.where.replace(/@\d+$/, '').replace(/^topic t\.[^.]+\.[^.]+\./, 'topic ')}`;
      places.set(place, (places.get(place) ?? 0) + 1);
    }
    console.log([...places].map(([place, count]) => `  ${count} x ${place}`).join('\n'));
    const shown = findings.slice(0, SHOWN).map((f) => `  ${f.kind} in ${f.where}: ${f.excerpt}`);
    const more = findings.length > SHOWN ? `\n  ... and ${findings.length - SHOWN} more` : '';
    throw new Error(`Card data in clear found by the sweep:\n${shown.join('\n')}${more}`);
  }
}
