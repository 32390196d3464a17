import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { entityManagerOf, type UnitOfWork } from '@opp/persistence';
import { PartnerTemplateStore } from '../application/partner-template.store';
import type { PartnerTemplate } from '../domain/partner-template';
import { PartnerTemplateMapper, type PartnerTemplateRow } from './partner-template.mapper';

/** The `partner_templates` table in typed SQL (ADR 0031). */
@Injectable()
export class PartnerTemplateRepository extends PartnerTemplateStore {
  constructor(private readonly dataSource: DataSource) {
    super();
  }

  async upsert(
    work: UnitOfWork,
    partnerIdentifier: string,
    name: string,
    tasks: Record<string, unknown>[],
  ): Promise<{ template: PartnerTemplate; created: boolean }> {
    const rows: (PartnerTemplateRow & { created: boolean })[] = await entityManagerOf(work).query(
      `INSERT INTO partner_templates (partner_identifier, name, tasks)
       VALUES ($1, $2, $3::jsonb)
       ON CONFLICT (partner_identifier, name) DO UPDATE SET tasks = EXCLUDED.tasks, updated_at = now()
       RETURNING *, (xmax = 0) AS created`,
      [partnerIdentifier, name, JSON.stringify(tasks)],
    );
    return { template: PartnerTemplateMapper.toDomain(rows[0]), created: rows[0].created };
  }

  async find(partnerIdentifier: string, name: string): Promise<PartnerTemplate | null> {
    const rows: PartnerTemplateRow[] = await this.dataSource.query(
      `SELECT * FROM partner_templates WHERE partner_identifier = $1 AND name = $2`,
      [partnerIdentifier, name],
    );
    return rows[0] ? PartnerTemplateMapper.toDomain(rows[0]) : null;
  }

  async findMany(partnerIdentifier: string, names: readonly string[]): Promise<PartnerTemplate[]> {
    if (names.length === 0) return [];
    const rows: PartnerTemplateRow[] = await this.dataSource.query(
      `SELECT * FROM partner_templates WHERE partner_identifier = $1 AND name = ANY($2::text[])`,
      [partnerIdentifier, [...names]],
    );
    return rows.map((row) => PartnerTemplateMapper.toDomain(row));
  }

  async delete(partnerIdentifier: string, name: string): Promise<boolean> {
    // TypeORM answers a DELETE with [rows, affected count].
    const [, deleted]: [unknown[], number] = await this.dataSource.query(
      `DELETE FROM partner_templates WHERE partner_identifier = $1 AND name = $2`,
      [partnerIdentifier, name],
    );
    return deleted > 0;
  }
}
