import { Inject, Injectable } from '@nestjs/common';
import type { Project } from '../../domain/project';
import { newProjectKeys } from '../../domain/project-keys';
import { ProjectChanges } from '../project-changes';

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
    private readonly projects: ProjectChanges,
    @Inject(KEY_ROTATION_GRACE) private readonly graceMs: number,
  ) {}

  execute(
    id: number,
    options: { revokePrevious?: boolean } = {},
    now = new Date(),
  ): Promise<Project | null> {
    return this.projects.change(id, (current) => ({
      privateKey: newProjectKeys().privateKey,
      previousPrivateKey: options.revokePrevious ? null : current.privateKey,
      previousKeyExpiresAt: options.revokePrevious ? null : new Date(now.getTime() + this.graceMs),
    }));
  }
}
