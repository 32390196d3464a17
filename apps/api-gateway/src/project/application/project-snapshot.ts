import type { KeyRing } from '@opp/crypto';
import { ProjectSigningSnapshotV1Message, ProjectSnapshotV1Message } from '@opp/contracts';
import type { PendingMessage } from '@opp/outbox';
import type { Project, ProjectSettings } from '../domain/project';
import { GATEWAY_ONLY_SETTINGS } from '../domain/token-rate-limits';

/**
 * The project as other services see it, published on every change (compacted topics): the
 * snapshot every service reads, with no secret, and the signing snapshot with the signing key
 * encrypted under SECRETS_KEYS, which only the notifier reads (ADR 0063).
 */
export function projectSnapshotMessages(project: Project, ring: KeyRing): PendingMessage[] {
  const snapshot = {
    id: project.id,
    name: project.name,
    publicKey: project.publicKey,
    callbackUrl: project.callbackUrl,
    baseCurrency: project.baseCurrency,
    settings: sharedSettings(project.settings),
    version: project.version,
    updatedAt: project.updatedAt.toISOString(),
  };
  const key = String(project.id);
  return [
    { definition: ProjectSnapshotV1Message, key, payload: snapshot },
    {
      definition: ProjectSigningSnapshotV1Message,
      key,
      payload: { ...snapshot, signingKeyEncrypted: ring.encrypt(project.privateKey) },
    },
  ];
}

/** Other services validate the snapshot strictly; settings only the gateway reads stay here. */
function sharedSettings(settings: ProjectSettings): Partial<ProjectSettings> {
  const shared: Partial<ProjectSettings> = { ...settings };
  for (const name of GATEWAY_ONLY_SETTINGS) delete shared[name];
  return shared;
}
