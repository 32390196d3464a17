import './infra/register-aliases';
import * as fs from 'node:fs';
import { dropTemplateDatabases, findRepoRoot, localDir } from '@opp/local-stack';
import { rememberDatabasesBeforeRun } from './card-data-sweep-run';
import { testTemplatePrefix } from './infra/test-env';
import { startTestInfra } from './infra/test-infra';

/** Jest global setup of the integration project (jest.config.js). */
export default async function globalSetup(): Promise<void> {
  const started = Date.now();
  // Global teardown reads this run's service logs for card data: start from none.
  fs.rmSync(localDir(findRepoRoot(), 'logs', 'test'), { recursive: true, force: true });
  const infra = await startTestInfra();
  // ...and this run's databases: those that exist now are another run's.
  await rememberDatabasesBeforeRun(infra.databaseAdminUrl);
  // The migrated templates test stacks copy are made anew from this build (test-stack.ts).
  await dropTemplateDatabases(infra.databaseAdminUrl, testTemplatePrefix());
  console.log(
    `\n[test infra] ${infra.mode} Kafka at ${infra.brokers}, PostgreSQL admin ${infra.databaseAdminUrl} ` +
      `(${((Date.now() - started) / 1000).toFixed(1)}s)`,
  );
}
