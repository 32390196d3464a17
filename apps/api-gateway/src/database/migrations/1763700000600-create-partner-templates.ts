import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * ADR 0002 partner templates (owned by the gateway, sent to the orchestrator with each request
 * using one).
 */
export class CreatePartnerTemplates1763700000600 implements MigrationInterface {
  name = 'CreatePartnerTemplates1763700000600';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE partner_templates (
        partner_identifier text NOT NULL REFERENCES partners (identifier),
        name text NOT NULL,
        tasks jsonb NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now(),
        PRIMARY KEY (partner_identifier, name)
      )`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE partner_templates`);
  }
}
