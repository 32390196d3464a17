import { Injectable } from '@nestjs/common';
import { ProjectClockV1Message } from '@opp/contracts';
import { ApiError, ErrorCode } from '@opp/errors';
import { OutboxWriter } from '@opp/outbox';
import { TransactionRunner } from '@opp/persistence';
import { ProjectStore } from '../../project/application/project.store';
import { advanceClock, wallClockOf, type SandboxClock } from '../domain/sandbox-clock';
import { SandboxClockStore } from './sandbox-clock.store';

/** A project's clock as the APIs answer it. */
export interface SandboxClockView {
  clock: SandboxClock;
  sandbox: boolean;
  /** The wall-clock time the view was taken at. */
  wall: Date;
}

/**
 * The sandbox clock (ADR 0069): advancing one moves its offset forward under the project's row
 * lock (advances of one project apply one at a time) and publishes the new offset through the
 * outbox in the same commit; each time-driven service applies it and runs what fell due, in order.
 */
@Injectable()
export class SandboxClockUseCases {
  constructor(
    private readonly transactions: TransactionRunner,
    private readonly projects: ProjectStore,
    private readonly clocks: SandboxClockStore,
    private readonly outbox: OutboxWriter,
  ) {}

  async advance(projectId: number, byMs: number): Promise<SandboxClockView> {
    return this.transactions.run(async (work) => {
      const project = await this.projects.lockById(work, projectId);
      if (!project) throw ApiError.of(ErrorCode.ProjectNotFound, `project ${projectId}`);
      const wall = new Date();
      const current = (await this.clocks.find(projectId, work)) ?? wallClockOf(projectId);
      const advanced = advanceClock(current, project.settings.sandbox, byMs, wall);
      if (!advanced.ok) throw ApiError.of(advanced.code, advanced.message);
      const { clock } = advanced;
      await this.clocks.save(work, clock);
      await this.outbox.add(work, [
        {
          definition: ProjectClockV1Message,
          key: String(projectId),
          payload: {
            projectId,
            offsetMs: clock.offsetMs,
            version: clock.version,
            advancedAt: wall.toISOString(),
          },
        },
      ]);
      return { clock, sandbox: true, wall };
    });
  }

  async read(projectId: number): Promise<SandboxClockView> {
    const project = await this.projects.byId(projectId);
    if (!project) throw ApiError.of(ErrorCode.ProjectNotFound, `project ${projectId}`);
    const clock = (await this.clocks.find(projectId)) ?? wallClockOf(projectId);
    return { clock, sandbox: project.settings.sandbox, wall: new Date() };
  }
}
