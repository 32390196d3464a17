import type { EnvelopeCipher } from '@opp/crypto';
import type { Project } from '../domain/project';
import { ProjectOrmEntity } from './project.orm-entity';

export const ProjectMapper = {
  async toDomain(row: ProjectOrmEntity, ring: EnvelopeCipher): Promise<Project> {
    return {
      id: row.id,
      name: row.name,
      publicKey: row.publicKey,
      privateKey: await ring.decrypt(row.privateKeyEncrypted),
      previousPrivateKey: row.previousPrivateKeyEncrypted
        ? await ring.decrypt(row.previousPrivateKeyEncrypted)
        : null,
      previousKeyExpiresAt: row.previousKeyExpiresAt,
      callbackUrl: row.callbackUrl,
      baseCurrency: row.baseCurrency,
      settings: row.settings,
      version: row.version,
      createdAt: row.createdAt,
      updatedAt: row.updatedAt,
    };
  },

  async toPersistence(
    project: Omit<Project, 'id' | 'createdAt' | 'updatedAt'>,
    ring: EnvelopeCipher,
  ): Promise<ProjectOrmEntity> {
    const row = new ProjectOrmEntity();
    row.name = project.name;
    row.publicKey = project.publicKey;
    row.privateKeyEncrypted = await ring.encrypt(project.privateKey);
    row.previousPrivateKeyEncrypted = project.previousPrivateKey
      ? await ring.encrypt(project.previousPrivateKey)
      : null;
    row.kekId = ring.activeKekId;
    row.previousKeyExpiresAt = project.previousKeyExpiresAt;
    row.callbackUrl = project.callbackUrl;
    row.baseCurrency = project.baseCurrency;
    row.settings = project.settings;
    row.version = project.version;
    return row;
  },
};
