import './infra/register-aliases';
import { startTestInfra } from './infra/test-infra';

/** Jest global setup of the integration project (jest.config.js). */
export default async function globalSetup(): Promise<void> {
  const started = Date.now();
  const infra = await startTestInfra();
  console.log(
    `\n[test infra] ${infra.mode} Kafka at ${infra.brokers}, PostgreSQL admin ${infra.databaseAdminUrl} ` +
      `(${((Date.now() - started) / 1000).toFixed(1)}s)`,
  );
}
