import { Inject, Injectable } from '@nestjs/common';
import { KeyRing } from '@opp/crypto';
import { OutboxWriter } from '@opp/outbox';
import { TransactionRunner } from '@opp/persistence';
import type { Project } from '../domain/project';
import { ProjectDirectory } from './project-directory';
import { projectSnapshotMessages } from './project-snapshot';
import { ProjectStore } from './project.store';

/**
 * How a stored project changes (ADR 0002): under its row lock, with a new version, its snapshot
 * published through the outbox in the same transaction, and this replica's cached copy evicted
 * after the commit (the other replicas' within the directory's TTL).
 */
@Injectable()
export class ProjectChanges {
  constructor(
    private readonly transactions: TransactionRunner,
    private readonly projects: ProjectStore,
    private readonly outbox: OutboxWriter,
    private readonly directory: ProjectDirectory,
    @Inject(KeyRing) private readonly ring: KeyRing,
  ) {}

  /** The project with `edit`'s fields applied, or null when there is no project `id`. */
  async change(id: number, edit: (current: Project) => Partial<Project>): Promise<Project | null> {
    const changed = await this.transactions.run(async (work) => {
      const current = await this.projects.lockById(work, id);
      if (!current) return null;
      const updated = await this.projects.update(work, {
        ...current,
        ...edit(current),
        version: current.version + 1,
      });
      await this.outbox.add(work, projectSnapshotMessages(updated, this.ring));
      return updated;
    });
    if (changed) this.directory.evict(changed.publicKey);
    return changed;
  }
}
