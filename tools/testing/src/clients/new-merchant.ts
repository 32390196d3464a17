import type { Stack } from '@opp/local-stack';
import { AdminClient } from './admin-client';
import { MerchantClient } from './merchant-client';

/** A project made through the stack's admin API, and a merchant client signing with its keys. */
export async function newMerchant(
  stack: Stack,
  project: Record<string, unknown> = {},
): Promise<{ merchant: MerchantClient; projectId: number }> {
  const created = await new AdminClient(stack.gatewayUrl!).createProject(project);
  return { merchant: new MerchantClient(stack.gatewayUrl!, created), projectId: created.id };
}
