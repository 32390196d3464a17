import { ErrorCode, MerchantClient, OppApiError, type BalanceResponse } from '@opp/sdk';
import { createProject, type CreatedProject } from './admin-api';
import { settings } from './settings';
import { sleep } from './wait';

/** The project's keys from OPP_PUBLIC_KEY and OPP_PRIVATE_KEY, else a new sandbox project's. */
export async function merchantFromEnv(name: string): Promise<MerchantClient> {
  const { publicKey, privateKey } = settings;
  if (publicKey && privateKey) {
    return new MerchantClient({ baseUrl: settings.gatewayUrl, publicKey, privateKey });
  }
  return (await newSandboxMerchant({ name })).merchant;
}

/** A new sandbox project (sandbox is the default) and its merchant client, ready to charge. */
export async function newSandboxMerchant(fields: {
  name: string;
  callbackUrl?: string;
}): Promise<{ project: CreatedProject; merchant: MerchantClient }> {
  const project = await createProject(fields);
  const merchant = new MerchantClient({
    baseUrl: settings.gatewayUrl,
    publicKey: project.publicKey,
    privateKey: project.privateKey,
  });
  await balanceOnceKnown(merchant);
  return { project, merchant };
}

/**
 * The balance of a project, asked until payments knows the project. The gateway announces a new
 * project to the other services by message; until it arrives a charge or a balance answers
 * 422 42201. The balance is a signed, read-only call, so it also proves the keys.
 */
export async function balanceOnceKnown(merchant: MerchantClient): Promise<BalanceResponse> {
  const deadline = Date.now() + settings.waitSeconds * 1000;
  for (;;) {
    try {
      return await merchant.balance();
    } catch (error) {
      const notYet = error instanceof OppApiError && error.code === ErrorCode.GatewayMisconfigured;
      if (!notYet || Date.now() > deadline) throw error;
      await sleep(250);
    }
  }
}
