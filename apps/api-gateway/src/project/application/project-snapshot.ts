import type { KeyRing } from '@opp/crypto';
import { ProjectSnapshotV1Message } from '@opp/contracts';
import type { PendingMessage } from '@opp/outbox';
import type { Project } from '../domain/project';

/** The project as other services see it, published on every change (compacted topic). */
export function projectSnapshotMessage(project: Project, ring: KeyRing): PendingMessage {
  return {
    definition: ProjectSnapshotV1Message,
    key: String(project.id),
    payload: {
      id: project.id,
      name: project.name,
      publicKey: project.publicKey,
      signingKeyEncrypted: ring.encrypt(project.privateKey),
      callbackUrl: project.callbackUrl,
      baseCurrency: project.baseCurrency,
      settings: project.settings,
      version: project.version,
      updatedAt: project.updatedAt.toISOString(),
    },
  };
}
