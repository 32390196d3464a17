import type { UnitOfWork } from '@opp/persistence';
import type { PartnerTemplate } from '../domain/partner-template';

/** Port (ADR 0031): where partner templates are kept. */
export abstract class PartnerTemplateStore {
  /** Creates or replaces the template; `created` tells which. */
  abstract upsert(
    work: UnitOfWork,
    partnerIdentifier: string,
    name: string,
    tasks: Record<string, unknown>[],
  ): Promise<{ template: PartnerTemplate; created: boolean }>;

  abstract find(partnerIdentifier: string, name: string): Promise<PartnerTemplate | null>;

  abstract findMany(
    partnerIdentifier: string,
    names: readonly string[],
  ): Promise<PartnerTemplate[]>;

  /** False when there was no such template. */
  abstract delete(partnerIdentifier: string, name: string): Promise<boolean>;
}
