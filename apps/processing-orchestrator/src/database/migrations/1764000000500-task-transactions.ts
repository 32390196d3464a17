import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * ADR 0031: a task's transactions in domain terms, which the gateway renders into the task's
 * `data`. Tasks stored before keep the `data` payments rendered, and an empty list.
 */
export class TaskTransactions1764000000500 implements MigrationInterface {
  name = 'TaskTransactions1764000000500';

  async up(q: QueryRunner): Promise<void> {
    await q.query(
      `ALTER TABLE processing_tasks ADD COLUMN transactions jsonb NOT NULL DEFAULT '[]'::jsonb`,
    );
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE processing_tasks DROP COLUMN transactions`);
  }
}
