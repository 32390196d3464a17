import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * ADR 0014: a replay answers the byte-identical body of the first answer. jsonb re-orders keys and
 * re-spaces text, so the answer is kept as the exact text that was sent.
 */
export class StoreReplayAnswerText1763800003100 implements MigrationInterface {
  name = 'StoreReplayAnswerText1763800003100';

  async up(q: QueryRunner): Promise<void> {
    await q.query(
      `ALTER TABLE signed_requests ALTER COLUMN response_body TYPE text USING response_body::text`,
    );
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(
      `ALTER TABLE signed_requests ALTER COLUMN response_body TYPE jsonb USING response_body::jsonb`,
    );
  }
}
