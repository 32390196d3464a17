import { Injectable } from '@nestjs/common';
import { ErrorCode } from '@opp/errors';
import { entityManagerOf, type UnitOfWork } from '@opp/persistence';
import { ProjectSettingsStore, type ProjectSettings } from '../application/project-settings.store';
import { Refusal } from '@opp/contracts';

interface ProjectSnapshotRow {
  id: number;
  base_currency: string;
  settings: ProjectSettings;
}

@Injectable()
export class ProjectSettingsRepository extends ProjectSettingsStore {
  async require(work: UnitOfWork, projectId: number): Promise<ProjectSettings> {
    const [row]: ProjectSnapshotRow[] = await entityManagerOf(work).query(
      `SELECT id, base_currency, settings FROM project_snapshots WHERE id = $1`,
      [projectId],
    );
    if (!row) {
      throw new Refusal(
        ErrorCode.GatewayMisconfigured,
        'Gateway not properly configured: the project is not known to payments yet',
      );
    }
    return { ...row.settings, projectId: row.id, baseCurrency: row.base_currency.trim() };
  }

  async countLive(work: UnitOfWork): Promise<number> {
    const [row]: { live: number }[] = await entityManagerOf(work).query(
      `SELECT count(*)::int AS live FROM project_snapshots
        WHERE coalesce((settings->>'sandbox')::boolean, true) = false`,
    );
    return row?.live ?? 0;
  }
}
