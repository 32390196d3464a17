import type { PartnerTemplate } from '../domain/partner-template';

/** A row of `partner_templates` as PostgreSQL returns it. */
export interface PartnerTemplateRow {
  partner_identifier: string;
  name: string;
  tasks: Record<string, unknown>[];
  created_at: Date;
  updated_at: Date;
}

export const PartnerTemplateMapper = {
  toDomain(row: PartnerTemplateRow): PartnerTemplate {
    return {
      partnerIdentifier: row.partner_identifier,
      name: row.name,
      tasks: row.tasks,
      createdAt: row.created_at,
      updatedAt: row.updated_at,
    };
  },
};
