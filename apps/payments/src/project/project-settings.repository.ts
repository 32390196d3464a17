import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import type { ProjectSettingsV1 } from '@opp/contracts';
import { ErrorCode } from '@opp/errors';
import { ProjectSnapshotOrmEntity } from '@opp/snapshots';
import { PaymentRefusal } from '../shared/payment-refusal';

export interface ProjectSettings extends ProjectSettingsV1 {
  projectId: number;
  baseCurrency: string;
}

/** Project settings from the local read model the gateway's snapshots feed (libs/snapshots). */
@Injectable()
export class ProjectSettingsRepository {
  /** A project the read model does not know cannot be charged for: 42201 (D-spec wording). */
  async require(tx: EntityManager, projectId: number): Promise<ProjectSettings> {
    const row = await tx.findOneBy(ProjectSnapshotOrmEntity, { id: projectId });
    if (!row) {
      throw new PaymentRefusal(
        ErrorCode.GatewayMisconfigured,
        'Gateway not properly configured: the project is not known to payments yet',
      );
    }
    return { ...row.settings, projectId: row.id, baseCurrency: row.baseCurrency.trim() };
  }
}
