import type { EnvelopeCipher } from '@opp/crypto';
import type { Project } from '../domain/project';
import { ProjectOrmEntity } from './project.orm-entity';

export const ProjectMapper = {
  toDomain(row: ProjectOrmEntity, ring: EnvelopeCipher): Project {
    return {
      id: row.id,
      name: row.name,
      publicKey: row.publicKey,
      privateKey: ring.decrypt(row.privateKeyEncrypted),
      previousPrivateKey: row.previousPrivateKeyEncrypted
        ? ring.decrypt(row.previousPrivateKeyEncrypted)
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

  toPersistence(project: Omit<Project, 'id' | 'createdAt' | 'updatedAt'>, ring: EnvelopeCipher) {
    const row = new ProjectOrmEntity();
    row.name = project.name;
    row.publicKey = project.publicKey;
    row.privateKeyEncrypted = ring.encrypt(project.privateKey);
    row.previousPrivateKeyEncrypted = project.previousPrivateKey
      ? ring.encrypt(project.previousPrivateKey)
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
