import './infra/register-aliases';
import { findRepoRoot, localDir } from '@opp/local-stack';
import { findCardDataInLogs } from './card-data-scan';
import { stopTestInfra } from './infra/test-infra';

/**
 * Jest global teardown of the integration project: stops what global setup started, then reads every
 * log line the services wrote during the run. A card number found there fails the run (ARCHITECTURE:
 * logs show at most the mask).
 */
export default async function globalTeardown(): Promise<void> {
  await stopTestInfra();
  const findings = findCardDataInLogs(localDir(findRepoRoot(), 'logs', 'test'));
  if (findings.length > 0) {
    const where = findings.slice(0, 10).map((f) => `${f.file}:${f.line} ${f.excerpt}`);
    throw new Error(`Card numbers found in service logs:\n${where.join('\n')}`);
  }
}
