import { Controller } from '@nestjs/common';
import { Payload } from '@nestjs/microservices';
import { DataSource } from 'typeorm';
import { ProjectClockV1Message, type ProjectClockV1 } from '@opp/contracts';
import { OnMessage } from '@opp/messaging';

/**
 * Keeps the local copy of the sandbox clocks (ADR 0069): whole states with a version, so applying
 * one is idempotent and an older one never replaces a newer (no inbox needed, as for snapshots).
 */
@Controller()
export class ProjectClockKafkaHandler {
  constructor(private readonly dataSource: DataSource) {}

  @OnMessage(ProjectClockV1Message, { inbox: false })
  async clock(@Payload() c: ProjectClockV1): Promise<void> {
    await this.dataSource.query(
      `INSERT INTO project_clocks (project_id, offset_ms, version, advanced_at)
       VALUES ($1, $2, $3, $4)
       ON CONFLICT (project_id) DO UPDATE SET offset_ms = EXCLUDED.offset_ms,
         version = EXCLUDED.version, advanced_at = EXCLUDED.advanced_at
       WHERE project_clocks.version < EXCLUDED.version`,
      [c.projectId, c.offsetMs, c.version, c.advancedAt],
    );
  }
}
