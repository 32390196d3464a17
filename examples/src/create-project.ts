/**
 * Creates a sandbox project with the admin API (ADR 0002) and prints its keys as environment
 * variables that the other examples read:
 *
 *   eval "$(node dist/examples/src/create-project.js | grep ^export)"
 */
import { MerchantClient } from '@opp/sdk';
import { createProject } from './support/admin-api';
import { runExample, say } from './support/run-example';
import { balanceOnceKnown } from './support/sandbox-merchant';
import { settings } from './support/settings';

runExample(async () => {
  const project = await createProject({ name: process.env.OPP_PROJECT_NAME ?? 'Example shop' });
  say(`created project ${project.id} "${project.name}" (sandbox)`);

  // The private key signs every /v1 call and verifies callbacks: keep it on the server side.
  say(`export OPP_PUBLIC_KEY=${project.publicKey}`);
  say(`export OPP_PRIVATE_KEY=${project.privateKey}`);

  // A first signed call with the new keys.
  const merchant = new MerchantClient({
    baseUrl: settings.gatewayUrl,
    publicKey: project.publicKey,
    privateKey: project.privateKey,
  });
  const balance = await balanceOnceKnown(merchant);
  say(`signed balance call: ${balance.amount} ${balance.currency} available`);
});
