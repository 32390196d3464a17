import { Injectable } from '@nestjs/common';
import { entityManagerOf, type UnitOfWork } from '@opp/persistence';
import { ProjectSandboxes } from '../application/project-sandboxes';

/** Reads the sandbox flag from the project snapshots (a project without the flag is sandbox). */
@Injectable()
export class ProjectSandboxReader extends ProjectSandboxes {
  async isSandbox(work: UnitOfWork, projectId: number): Promise<boolean | null> {
    const rows: { sandbox: boolean | null }[] = await entityManagerOf(work).query(
      `SELECT (settings->>'sandbox')::boolean AS sandbox FROM project_snapshots WHERE id = $1`,
      [projectId],
    );
    return rows.length === 0 ? null : rows[0].sandbox !== false;
  }
}
