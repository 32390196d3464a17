import { Injectable } from '@nestjs/common';
import { In, type EntityManager } from 'typeorm';
import type { PartnerTemplate } from '../domain/partner-template';
import { PartnerTemplateOrmEntity } from './partner-template.orm-entity';

@Injectable()
export class PartnerTemplateRepository {
  async upsert(
    tx: EntityManager,
    partnerIdentifier: string,
    name: string,
    tasks: Record<string, unknown>[],
  ): Promise<{ template: PartnerTemplate; created: boolean }> {
    const rows: (PartnerTemplate & { created: boolean })[] = await tx.query(
      `INSERT INTO partner_templates (partner_identifier, name, tasks)
       VALUES ($1, $2, $3::jsonb)
       ON CONFLICT (partner_identifier, name) DO UPDATE SET tasks = EXCLUDED.tasks, updated_at = now()
       RETURNING partner_identifier AS "partnerIdentifier", name, tasks, created_at AS "createdAt",
         updated_at AS "updatedAt", (xmax = 0) AS created`,
      [partnerIdentifier, name, JSON.stringify(tasks)],
    );
    const { created, ...template } = rows[0];
    return { template, created };
  }

  async find(
    tx: EntityManager,
    partnerIdentifier: string,
    name: string,
  ): Promise<PartnerTemplate | null> {
    return tx.findOneBy(PartnerTemplateOrmEntity, { partnerIdentifier, name });
  }

  async findMany(
    tx: EntityManager,
    partnerIdentifier: string,
    names: readonly string[],
  ): Promise<PartnerTemplate[]> {
    if (names.length === 0) return [];
    return tx.findBy(PartnerTemplateOrmEntity, { partnerIdentifier, name: In([...names]) });
  }

  async delete(tx: EntityManager, partnerIdentifier: string, name: string): Promise<boolean> {
    const result = await tx.delete(PartnerTemplateOrmEntity, { partnerIdentifier, name });
    return (result.affected ?? 0) > 0;
  }
}
