import type { EnvelopeCipher } from '@opp/crypto';
import type { Project, ProjectSettings } from '../domain/project';
import type { NewProject } from '../application/project.store';

/** A row of `projects` as PostgreSQL returns it. */
export interface ProjectRow {
  id: number;
  name: string;
  public_key: string;
  /** Envelopes under MERCHANT_SECRETS_KEKS: a database dump alone does not reveal signing keys. */
  private_key_encrypted: string;
  previous_private_key_encrypted: string | null;
  previous_key_expires_at: Date | null;
  callback_url: string | null;
  base_currency: string;
  settings: ProjectSettings;
  version: number;
  created_at: Date;
  updated_at: Date;
}

/** The stored columns of a project, its keys sealed, in the order of PROJECT_COLUMNS. */
export type ProjectValues = [
  name: string,
  publicKey: string,
  privateKeyEncrypted: string,
  previousPrivateKeyEncrypted: string | null,
  kekId: string,
  previousKeyExpiresAt: Date | null,
  callbackUrl: string | null,
  baseCurrency: string,
  settings: string,
  version: number,
];

export const PROJECT_COLUMNS =
  'name, public_key, private_key_encrypted, previous_private_key_encrypted, kek_id, ' +
  'previous_key_expires_at, callback_url, base_currency, settings, version';

export const ProjectMapper = {
  async toDomain(row: ProjectRow, cipher: EnvelopeCipher): Promise<Project> {
    return {
      id: row.id,
      name: row.name,
      publicKey: row.public_key,
      privateKey: await cipher.decrypt(row.private_key_encrypted),
      previousPrivateKey: row.previous_private_key_encrypted
        ? await cipher.decrypt(row.previous_private_key_encrypted)
        : null,
      previousKeyExpiresAt: row.previous_key_expires_at,
      callbackUrl: row.callback_url,
      baseCurrency: row.base_currency,
      settings: row.settings,
      version: row.version,
      createdAt: row.created_at,
      updatedAt: row.updated_at,
    };
  },

  /** Both keys are sealed afresh under the active KEK, which the row records (key rotation). */
  async toValues(project: NewProject, cipher: EnvelopeCipher): Promise<ProjectValues> {
    return [
      project.name,
      project.publicKey,
      await cipher.encrypt(project.privateKey),
      project.previousPrivateKey ? await cipher.encrypt(project.previousPrivateKey) : null,
      cipher.activeKekId,
      project.previousKeyExpiresAt,
      project.callbackUrl,
      project.baseCurrency,
      JSON.stringify(project.settings),
      project.version,
    ];
  },
};
