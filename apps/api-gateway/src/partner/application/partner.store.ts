import type { UnitOfWork } from '@opp/persistence';
import type { Partner } from '../domain/partner';

/** A partner before the database gave it its timestamps. */
export type NewPartner = Omit<Partner, 'createdAt' | 'updatedAt'>;

/** Port (ADR 0031): where partners are kept, their secrets sealed by the adapter. */
export abstract class PartnerStore {
  /** Null when the identifier is taken. */
  abstract addIfNew(work: UnitOfWork, partner: NewPartner): Promise<Partner | null>;

  /** Reads in `work` when given, otherwise outside any transaction. */
  abstract byIdentifier(identifier: string, work?: UnitOfWork): Promise<Partner | null>;
}
