import { Injectable } from '@nestjs/common';
import { entityManagerOf, type UnitOfWork } from '@opp/persistence';

/** Reads the sandbox flag from the project snapshots (a project without the flag is sandbox). */
@Injectable()
export class ProjectSandboxReader {
  /** Null while the project's snapshot has not reached us. */
  async isSandbox(work: UnitOfWork, projectId: number): Promise<boolean | null> {
    const rows: { sandbox: boolean | null }[] = await entityManagerOf(work).query(
      `SELECT (settings->>'sandbox')::boolean AS sandbox FROM project_snapshots WHERE id = $1`,
      [projectId],
    );
    return rows.length === 0 ? null : rows[0].sandbox !== false;
  }
}
