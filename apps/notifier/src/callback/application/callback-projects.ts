import type { UnitOfWork } from '@opp/persistence';

/** What a merchant callback needs of its project (the gateway's snapshot). */
export interface CallbackProject {
  id: number;
  callbackUrl: string | null;
  /** Still encrypted under SECRETS_KEYS; decrypted only to sign the callback. */
  signingKeyEncrypted: string;
  /** ADR 0018: the callback carries a timestamp. */
  requireTimestamp: boolean;
}

/** Port: the notifier's copy of the merchant projects. */
export abstract class CallbackProjects {
  abstract find(work: UnitOfWork, projectId: number): Promise<CallbackProject | null>;
}
