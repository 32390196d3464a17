import { Inject, Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { entityManagerOf, type UnitOfWork } from '@opp/persistence';
import { MerchantSecretsCipher } from '../../merchant-secrets/infrastructure/merchant-secrets-cipher';
import { PartnerStore, type NewPartner } from '../application/partner.store';
import type { Partner } from '../domain/partner';
import { PartnerMapper, type PartnerRow } from './partner.mapper';

/** The `partners` table in typed SQL (ADR 0031). */
@Injectable()
export class PartnerRepository extends PartnerStore {
  constructor(
    private readonly dataSource: DataSource,
    @Inject(MerchantSecretsCipher) private readonly cipher: MerchantSecretsCipher,
  ) {
    super();
  }

  async addIfNew(work: UnitOfWork, partner: NewPartner): Promise<Partner | null> {
    const rows: PartnerRow[] = await entityManagerOf(work).query(
      `INSERT INTO partners (identifier, project_id, name, secret_encrypted, kek_id, version)
       VALUES ($1, $2, $3, $4, $5, $6) ON CONFLICT (identifier) DO NOTHING RETURNING *`,
      [
        partner.identifier,
        partner.projectId,
        partner.name,
        await this.cipher.encrypt(partner.secret),
        this.cipher.activeKekId,
        1,
      ],
    );
    return rows[0] ? PartnerMapper.toDomain(rows[0], this.cipher) : null;
  }

  async byIdentifier(identifier: string, work?: UnitOfWork): Promise<Partner | null> {
    const connection = work ? entityManagerOf(work) : this.dataSource.manager;
    const rows: PartnerRow[] = await connection.query(
      `SELECT * FROM partners WHERE identifier = $1`,
      [identifier],
    );
    return rows[0] ? PartnerMapper.toDomain(rows[0], this.cipher) : null;
  }
}
