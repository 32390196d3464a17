import type { MigrationInterface, QueryRunner } from 'typeorm';

const DISPUTE_TYPES = ['chargeback', 'retrieval', 'penalty'] as const;

/**
 * Sandbox disputes (ADR 0028): a payment is charged back at most once, its chargeback retrieved at
 * most once, and the chargeback's penalty applied at most once. Each is a transaction whose
 * `reference_id` is the payment; a partial unique index per type lets the database refuse a
 * second one, whatever the code or a concurrent request does.
 */
export class Disputes1763900000200 implements MigrationInterface {
  name = 'Disputes1763900000200';

  async up(q: QueryRunner): Promise<void> {
    for (const type of DISPUTE_TYPES) {
      await q.query(`
        CREATE UNIQUE INDEX transactions_one_${type}_per_payment ON transactions (reference_id)
        WHERE type = '${type}'`);
    }
  }

  async down(q: QueryRunner): Promise<void> {
    for (const type of DISPUTE_TYPES) {
      await q.query(`DROP INDEX transactions_one_${type}_per_payment`);
    }
  }
}
