import type { KeyRing } from '@opp/crypto';
import { PartnerSigningSnapshotV1Message, PartnerSnapshotV1Message } from '@opp/contracts';
import type { PendingMessage } from '@opp/outbox';
import type { Partner } from '../domain/partner';

/**
 * The partner as other services see it (compacted topics): the snapshot every service reads, with
 * no secret, and the signing snapshot with the secret encrypted under SECRETS_KEYS, which only the
 * notifier reads (ADR 0063).
 */
export function partnerSnapshotMessages(partner: Partner, ring: KeyRing): PendingMessage[] {
  const snapshot = {
    identifier: partner.identifier,
    projectId: partner.projectId,
    name: partner.name,
    version: partner.version,
    updatedAt: partner.updatedAt.toISOString(),
  };
  return [
    { definition: PartnerSnapshotV1Message, key: partner.identifier, payload: snapshot },
    {
      definition: PartnerSigningSnapshotV1Message,
      key: partner.identifier,
      payload: { ...snapshot, secretEncrypted: ring.encrypt(partner.secret) },
    },
  ];
}
