import { Inject, Injectable } from '@nestjs/common';
import { KeyRing } from '@opp/crypto';
import { OutboxWriter } from '@opp/outbox';
import { TransactionRunner } from '@opp/persistence';
import type { Project } from '../../domain/project';
import { newProjectKeys } from '../../domain/project-keys';
import { ProjectDirectory } from '../project-directory';
import { projectSnapshotMessages } from '../project-snapshot';
import { ProjectStore } from '../project.store';

export const KEY_ROTATION_GRACE = Symbol('KEY_ROTATION_GRACE_MS');

/**
 * ADR 0002 key rotation: a new private key signs from now on; the old one keeps verifying for a
 * grace period so merchants can deploy the new key without failed requests. The public key stays.
 * Only one old key is kept: a rotation within the grace period discards the key the previous
 * rotation kept. `revokePrevious` (a leaked key, ADR 0061) keeps none: the old key stops verifying
 * at once on this replica and, through the project cache's TTL, within seconds on the others.
 */
@Injectable()
export class RotateProjectKeysUseCase {
  constructor(
    private readonly transactions: TransactionRunner,
    private readonly projects: ProjectStore,
    private readonly outbox: OutboxWriter,
    private readonly directory: ProjectDirectory,
    @Inject(KeyRing) private readonly ring: KeyRing,
    @Inject(KEY_ROTATION_GRACE) private readonly graceMs: number,
  ) {}

  async execute(
    id: number,
    options: { revokePrevious?: boolean } = {},
    now = new Date(),
  ): Promise<Project | null> {
    const changed = await this.transactions.run(async (work) => {
      const current = await this.projects.lockById(work, id);
      if (!current) return null;
      const rotated = await this.projects.update(work, {
        ...current,
        privateKey: newProjectKeys().privateKey,
        previousPrivateKey: options.revokePrevious ? null : current.privateKey,
        previousKeyExpiresAt: options.revokePrevious
          ? null
          : new Date(now.getTime() + this.graceMs),
        version: current.version + 1,
      });
      await this.outbox.add(work, projectSnapshotMessages(rotated, this.ring));
      return rotated;
    });
    if (changed) this.directory.evict(changed.publicKey);
    return changed;
  }
}
