import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { entityManagerOf, type UnitOfWork } from '@opp/persistence';
import { SandboxClockStore } from '../application/sandbox-clock.store';
import type { SandboxClock } from '../domain/sandbox-clock';

interface ClockRow {
  project_id: number;
  offset_ms: string;
  version: number;
  advanced_at: Date;
}

/** The `sandbox_clocks` table in typed SQL (ADR 0031). */
@Injectable()
export class SandboxClockRepository extends SandboxClockStore {
  constructor(private readonly dataSource: DataSource) {
    super();
  }

  async find(projectId: number, work?: UnitOfWork): Promise<SandboxClock | null> {
    const manager = work ? entityManagerOf(work) : this.dataSource.manager;
    const rows: ClockRow[] = await manager.query(
      `SELECT * FROM sandbox_clocks WHERE project_id = $1`,
      [projectId],
    );
    if (rows.length === 0) return null;
    const row = rows[0];
    return {
      projectId: row.project_id,
      offsetMs: Number(row.offset_ms),
      version: row.version,
      advancedAt: row.advanced_at,
    };
  }

  async save(work: UnitOfWork, clock: SandboxClock): Promise<void> {
    await entityManagerOf(work).query(
      `INSERT INTO sandbox_clocks (project_id, offset_ms, version, advanced_at)
       VALUES ($1, $2, $3, $4)
       ON CONFLICT (project_id) DO UPDATE SET offset_ms = EXCLUDED.offset_ms,
         version = EXCLUDED.version, advanced_at = EXCLUDED.advanced_at`,
      [clock.projectId, clock.offsetMs, clock.version, clock.advancedAt],
    );
  }
}
