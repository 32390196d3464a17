import type { EnvelopeCipher } from '@opp/crypto';
import type { Partner } from '../domain/partner';

/** A row of `partners` as PostgreSQL returns it. */
export interface PartnerRow {
  identifier: string;
  project_id: number;
  name: string | null;
  /** An envelope under MERCHANT_SECRETS_KEKS; it must be readable to verify HMACs, so it is not hashed. */
  secret_encrypted: string;
  version: number;
  created_at: Date;
  updated_at: Date;
}

export const PartnerMapper = {
  async toDomain(row: PartnerRow, cipher: EnvelopeCipher): Promise<Partner> {
    return {
      identifier: row.identifier,
      projectId: row.project_id,
      name: row.name,
      secret: await cipher.decrypt(row.secret_encrypted),
      version: row.version,
      createdAt: row.created_at,
      updatedAt: row.updated_at,
    };
  },
};
