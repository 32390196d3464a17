import { DEFAULT_ADMIN_URL, findRepoRoot, localDir } from '@opp/local-stack';

/** Bootstrap servers of the broker that global setup provides. */
export function testBrokers(): string {
  const brokers = process.env.KAFKA_BROKERS;
  if (!brokers) {
    throw new Error('KAFKA_BROKERS is not set: run integration tests through jest (global setup)');
  }
  return brokers;
}

/** PostgreSQL URL with the right to create databases (TEST_DATABASE_ADMIN_URL). */
export function testDatabaseAdminUrl(): string {
  return process.env.TEST_DATABASE_ADMIN_URL ?? DEFAULT_ADMIN_URL;
}

/**
 * A short identifier for a suite, safe in topic and database names: lower case, `[a-z0-9_]`,
 * at most 20 characters (database names stay under PostgreSQL's 63).
 */
export function suiteSlug(suite: string): string {
  const slug = suite
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '_')
    .replace(/^_+|_+$/g, '')
    .slice(0, 20)
    .replace(/_+$/, '');
  if (!slug) throw new Error(`Suite name "${suite}" has no letters or digits`);
  return slug;
}

/** Where a suite's logs go, `.local/logs/test/<suite>/`: its stack's services write `<app>.log` here. */
export function suiteLogDir(suite: string): string {
  return localDir(findRepoRoot(), 'logs', 'test', suiteSlug(suite));
}

/**
 * Per-suite isolation. Topics get a per-run part as well, so that a re-run on a broker that kept its
 * data (an external KAFKA_BROKERS) never reads old messages or old consumer group offsets; databases
 * keep a stable name and are dropped and created again by each run.
 */
export function suitePrefixes(
  suite: string,
  runId: string = Date.now().toString(36),
  checkoutTag: string = testCheckoutTag(),
) {
  const slug = suiteSlug(suite);
  return { topicPrefix: `t.${slug}.${runId}.`, dbPrefix: `opp_t_${checkoutTag}${slug}_` };
}

/**
 * The names of this run's migrated template databases (`<prefix><app>`), apart per checkout tag;
 * global setup drops them at the start of a run, so a run never copies an older build's schema.
 */
export function testTemplatePrefix(checkoutTag: string = testCheckoutTag()): string {
  return `opp_tpl_${checkoutTag}`;
}

/**
 * `OPP_TEST_DB_TAG` (up to 6 of `[a-z0-9]`) keeps the databases of test runs from two checkouts on
 * one PostgreSQL apart (two git worktrees testing at once); empty by default.
 */
export function testCheckoutTag(value: string | undefined = process.env.OPP_TEST_DB_TAG): string {
  if (!value) return '';
  if (!/^[a-z0-9]{1,6}$/.test(value)) {
    throw new Error(`OPP_TEST_DB_TAG must be 1-6 of [a-z0-9], got "${value}"`);
  }
  return `${value}_`;
}
