import type { UnitOfWork } from '@opp/persistence';

/** What a partner notification needs of its partner (the gateway's snapshot). */
export interface NotifiedPartner {
  identifier: string;
  projectId: number;
  /** Still encrypted under SECRETS_KEYS; decrypted only to sign the notification. */
  secretEncrypted: string;
}

/** Port: the notifier's copy of the partners. */
export abstract class NotifiedPartners {
  abstract find(work: UnitOfWork, identifier: string): Promise<NotifiedPartner | null>;
}
