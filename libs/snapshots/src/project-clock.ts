import { Logger, type OnModuleDestroy, type OnModuleInit } from '@nestjs/common';
import type { DataSource } from 'typeorm';
import { PROJECT_CLOCKS_CHANNEL } from './project-clock.migration';
import { SnapshotCache } from './snapshot-cache';

/**
 * The offset of a project's time from the wall clock as SQL (ADR 0069), for due-work queries:
 * `next_at <= now() + ${projectClockOffsetSql('s.project_id')}`. Zero for a project without a clock.
 */
export const projectClockOffsetSql = (projectIdColumn: string): string =>
  `(COALESCE((SELECT pc.offset_ms FROM project_clocks pc WHERE pc.project_id = ${projectIdColumn}), 0) * interval '1 millisecond')`;

/** The offsets per project, dropped by the table's NOTIFY; a drop wakes the listeners. */
class ProjectClockCache extends SnapshotCache<number, number> {
  readonly listeners: (() => void)[] = [];

  constructor(databaseUrl: string, logger: Logger) {
    super(databaseUrl, PROJECT_CLOCKS_CHANNEL, logger);
  }

  protected override drop(): void {
    super.drop();
    for (const listener of this.listeners) listener();
  }
}

/**
 * A project's time (ADR 0069): the wall clock, plus the offset the gateway published for a sandbox
 * project whose clock was advanced. Every time-driven decision about a project's work (due charges,
 * retries, releases, token lifetimes) asks it, or queries with `projectClockOffsetSql`, instead of
 * reading the wall clock. Offsets are cached per project and dropped when the local copy changes.
 */
export class ProjectClock implements OnModuleInit, OnModuleDestroy {
  private readonly cache: ProjectClockCache;

  constructor(
    private readonly dataSource: DataSource,
    databaseUrl: string,
  ) {
    this.cache = new ProjectClockCache(databaseUrl, new Logger(ProjectClock.name));
  }

  onModuleInit(): Promise<void> {
    return this.cache.onModuleInit();
  }

  onModuleDestroy(): Promise<void> {
    return this.cache.onModuleDestroy();
  }

  /** How far the project's time runs ahead of the wall clock, in milliseconds (0: no clock). */
  offsetMs(projectId: number): Promise<number> {
    return this.cache.get(projectId, async () => {
      const rows: { offset_ms: string }[] = await this.dataSource.query(
        `SELECT offset_ms FROM project_clocks WHERE project_id = $1`,
        [projectId],
      );
      return rows.length ? Number(rows[0].offset_ms) : 0;
    });
  }

  /** The project's time now. */
  async now(projectId: number, wall: Date = new Date()): Promise<Date> {
    return new Date(wall.getTime() + (await this.offsetMs(projectId)));
  }

  /** The project's clock was ever advanced: its due work runs at the time it fell due (ADR 0069). */
  async isAdvanced(projectId: number): Promise<boolean> {
    return (await this.offsetMs(projectId)) > 0;
  }

  /** Called after every change of any project's clock (a scheduler wakes: work may be due). */
  onAdvance(listener: () => void): void {
    this.cache.listeners.push(listener);
  }
}
