import './infra/register-aliases';
import { stopTestInfra } from './infra/test-infra';

/** Jest global teardown of the integration project: stops what global setup started. */
export default async function globalTeardown(): Promise<void> {
  await stopTestInfra();
}
