import type { UnitOfWork } from '@opp/persistence';
import type { PartnerSnapshotCache } from '@opp/snapshots';
import { NotifiedPartners, type NotifiedPartner } from '../application/notified-partners';
import type { PartnerSnapshotRepository } from './partner-snapshot.repository';

/**
 * What a partner notification needs of its partner, kept in memory per partner so a finished
 * request does not read the snapshot; dropped at every commit that changes a partner snapshot, on
 * every replica, as merchant callbacks keep their projects (ADR 0065). A partner not known yet is
 * read again each time. The secret stays encrypted in the copy, decrypted only to sign.
 */
export class CachedNotifiedPartners extends NotifiedPartners {
  constructor(
    private readonly rows: PartnerSnapshotRepository,
    private readonly cache: PartnerSnapshotCache<NotifiedPartner | null>,
  ) {
    super();
  }

  find(work: UnitOfWork, identifier: string): Promise<NotifiedPartner | null> {
    return this.cache.get(identifier, () => this.rows.find(work, identifier));
  }
}
