import type { MigrationInterface, QueryRunner } from 'typeorm';
import { templateCardDataProblem, withoutCardData } from '../../template/domain/template-card-data';

/**
 * ADR 0064: partner templates never hold card data. A template stored before the rule keeps its
 * tasks with every card number masked and every literal security code replaced by `***`; a task
 * that charged a literal card then fails as any invalid card does, and the partner writes it with
 * `${parameters.X}` placeholders.
 */
export class MaskCardDataInPartnerTemplates1763800005900 implements MigrationInterface {
  name = 'MaskCardDataInPartnerTemplates1763800005900';

  async up(q: QueryRunner): Promise<void> {
    const rows = (await q.query(
      `SELECT partner_identifier, name, tasks FROM partner_templates FOR UPDATE`,
    )) as { partner_identifier: string; name: string; tasks: unknown }[];
    for (const row of rows) {
      if (templateCardDataProblem(row.tasks) === null) continue;
      await q.query(
        `UPDATE partner_templates SET tasks = $3::jsonb, updated_at = now()
          WHERE partner_identifier = $1 AND name = $2`,
        [row.partner_identifier, row.name, JSON.stringify(withoutCardData(row.tasks))],
      );
    }
  }

  async down(): Promise<void> {
    // Masked card data cannot be restored, and must not be.
  }
}
