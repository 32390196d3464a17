import { Topics, validateAgainst } from '@opp/contracts';
import { KeyRing } from '@opp/crypto';
import type { Partner } from '../domain/partner';
import { partnerSnapshotMessages } from './partner-snapshot';

const ring = new KeyRing(`k1:${Buffer.alloc(32, 4).toString('base64')}`);
const partner: Partner = {
  identifier: 'acme',
  projectId: 7,
  name: 'Acme',
  secret: 'partner-secret-of-acme',
  version: 1,
  createdAt: new Date('2026-01-01T00:00:00Z'),
  updatedAt: new Date('2026-01-01T00:00:00Z'),
};

describe('partnerSnapshotMessages: no secret to a service that does not sign (ADR 0063)', () => {
  const [everyone, signing] = partnerSnapshotMessages(partner, ring);

  it('publishes the snapshot every service reads without the secret, encrypted or not', () => {
    expect(everyone.definition.topic).toBe(Topics.partnerSnapshots);
    expect(Object.keys(everyone.payload as object)).not.toContain('secretEncrypted');
    expect(JSON.stringify(everyone.payload)).not.toMatch(/secret|v1\.k1\./);
    expect(validateAgainst(everyone.definition.schema, everyone.payload).ok).toBe(true);
  });

  it('publishes the secret, encrypted under SECRETS_KEYS, on the signing topic alone', () => {
    expect(signing.definition.topic).toBe(Topics.partnerSigningSnapshots);
    const payload = signing.payload as { secretEncrypted: string };
    expect(ring.decrypt(payload.secretEncrypted)).toBe('partner-secret-of-acme');
    expect(validateAgainst(signing.definition.schema, signing.payload).ok).toBe(true);
  });
});
