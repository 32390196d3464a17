import type { KeyRing } from '@opp/crypto';
import { ProjectSnapshotV1Message } from '@opp/contracts';
import type { PendingMessage } from '@opp/outbox';
import type { Project, ProjectSettings } from '../domain/project';
import { GATEWAY_ONLY_SETTINGS } from '../domain/token-rate-limits';

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
      settings: sharedSettings(project.settings),
      version: project.version,
      updatedAt: project.updatedAt.toISOString(),
    },
  };
}

/** Other services validate the snapshot strictly; settings only the gateway reads stay here. */
function sharedSettings(settings: ProjectSettings): Partial<ProjectSettings> {
  const shared: Partial<ProjectSettings> = { ...settings };
  for (const name of GATEWAY_ONLY_SETTINGS) delete shared[name];
  return shared;
}
