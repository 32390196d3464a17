import { Inject, Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { MerchantSecretsCipher } from '../../merchant-secrets/merchant-secrets-cipher';
import type { Partner } from '../domain/partner';
import { PartnerOrmEntity } from './partner.orm-entity';

@Injectable()
export class PartnerRepository {
  constructor(@Inject(MerchantSecretsCipher) private readonly ring: MerchantSecretsCipher) {}

  /** Returns null when the identifier is taken. */
  async insert(tx: EntityManager, partner: Omit<Partner, 'createdAt' | 'updatedAt'>) {
    const inserted: unknown[] = await tx.query(
      `INSERT INTO partners (identifier, project_id, name, secret_encrypted, kek_id, version)
       VALUES ($1, $2, $3, $4, $5, $6) ON CONFLICT (identifier) DO NOTHING RETURNING identifier`,
      [
        partner.identifier,
        partner.projectId,
        partner.name,
        await this.ring.encrypt(partner.secret),
        this.ring.activeKekId,
        1,
      ],
    );
    return inserted.length === 0 ? null : this.findByIdentifier(tx, partner.identifier);
  }

  async findByIdentifier(tx: EntityManager, identifier: string): Promise<Partner | null> {
    const row = await tx.findOneBy(PartnerOrmEntity, { identifier });
    return row ? await this.toDomain(row) : null;
  }

  private async toDomain(row: PartnerOrmEntity): Promise<Partner> {
    return {
      identifier: row.identifier,
      projectId: row.projectId,
      name: row.name,
      secret: await this.ring.decrypt(row.secretEncrypted),
      version: row.version,
      createdAt: row.createdAt,
      updatedAt: row.updatedAt,
    };
  }
}
