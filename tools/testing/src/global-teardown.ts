import './infra/register-aliases';
import { sweepRunForCardData } from './card-data-sweep-run';
import { stopTestInfra } from './infra/test-infra';

/**
 * Jest global teardown of the integration project: sweeps what the run left on the broker, in its
 * databases and in the service logs for card data (ARCHITECTURE: no PAN or CVC in clear outside the
 * vault), then stops what global setup started. A finding fails the run.
 */
export default async function globalTeardown(): Promise<void> {
  const brokers = process.env.KAFKA_BROKERS;
  const adminUrl = process.env.TEST_DATABASE_ADMIN_URL;
  try {
    if (brokers && adminUrl) await sweepRunForCardData(brokers, adminUrl);
  } finally {
    await stopTestInfra();
  }
}
