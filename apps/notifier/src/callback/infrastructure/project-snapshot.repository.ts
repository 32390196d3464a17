import { Injectable } from '@nestjs/common';
import type { ProjectSettingsV1 } from '@opp/contracts';
import { entityManagerOf, type UnitOfWork } from '@opp/persistence';
import { CallbackProjects, type CallbackProject } from '../application/callback-projects';

interface ProjectSnapshotRow {
  id: number;
  callback_url: string | null;
  signing_key_encrypted: string;
  settings: ProjectSettingsV1;
}

/** The project snapshots (`@opp/snapshots` keeps them) as merchant callbacks read them. */
@Injectable()
export class ProjectSnapshotRepository extends CallbackProjects {
  async find(work: UnitOfWork, projectId: number): Promise<CallbackProject | null> {
    const rows: ProjectSnapshotRow[] = await entityManagerOf(work).query(
      `SELECT id, callback_url, signing_key_encrypted, settings FROM project_snapshots WHERE id = $1`,
      [projectId],
    );
    const row = rows[0];
    if (!row) return null;
    return {
      id: row.id,
      callbackUrl: row.callback_url,
      signingKeyEncrypted: row.signing_key_encrypted,
      requireTimestamp: Boolean(row.settings.requireTimestamp),
    };
  }
}
