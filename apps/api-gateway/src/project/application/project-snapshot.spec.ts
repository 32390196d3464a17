import { Topics, validateAgainst } from '@opp/contracts';
import { KeyRing } from '@opp/crypto';
import { DEFAULT_PROJECT_SETTINGS, type Project } from '../domain/project';
import { projectSnapshotMessages } from './project-snapshot';

const ring = new KeyRing(`k1:${Buffer.alloc(32, 4).toString('base64')}`);
const project: Project = {
  id: 7,
  name: 'Shop',
  publicKey: 'pk_7',
  privateKey: 'signing-key-of-7',
  previousPrivateKey: null,
  previousKeyExpiresAt: null,
  callbackUrl: 'https://shop.example/cb',
  baseCurrency: 'EUR',
  settings: DEFAULT_PROJECT_SETTINGS,
  version: 3,
  createdAt: new Date('2026-01-01T00:00:00Z'),
  updatedAt: new Date('2026-01-02T00:00:00Z'),
};

describe('projectSnapshotMessages: no secret to a service that does not sign (ADR 0063)', () => {
  const [everyone, signing] = projectSnapshotMessages(project, ring);

  it('publishes the snapshot every service reads without the signing key, encrypted or not', () => {
    expect(everyone.definition.topic).toBe(Topics.projectSnapshots);
    expect(Object.keys(everyone.payload as object)).not.toContain('signingKeyEncrypted');
    expect(JSON.stringify(everyone.payload)).not.toMatch(/signing|v1\.k1\./);
    expect(validateAgainst(everyone.definition.schema, everyone.payload).ok).toBe(true);
  });

  it('publishes the signing key, encrypted under SECRETS_KEYS, on the signing topic alone', () => {
    expect(signing.definition.topic).toBe(Topics.projectSigningSnapshots);
    expect(signing.key).toBe('7');
    const payload = signing.payload as { signingKeyEncrypted: string };
    expect(ring.decrypt(payload.signingKeyEncrypted)).toBe('signing-key-of-7');
    expect(validateAgainst(signing.definition.schema, signing.payload).ok).toBe(true);
    const { signingKeyEncrypted: _key, ...rest } = payload;
    expect(validateAgainst(signing.definition.schema, rest).ok).toBe(false);
  });
});
