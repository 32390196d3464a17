import type { MigrationInterface, QueryRunner } from 'typeorm';

/** A user's recurring subscription (one per user and project); the card is a payments token id. */
export class CreateSubscriptions1763700000110 implements MigrationInterface {
  name = 'CreateSubscriptions1763700000110';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE subscriptions (
        id bigserial PRIMARY KEY,
        project_id int NOT NULL,
        user_id text NOT NULL,
        transaction_id bigint NOT NULL,
        interval_days int NOT NULL,
        trial_days int NOT NULL,
        price text NOT NULL,
        currency char(3) NOT NULL,
        card_token_id text NOT NULL,
        frequency_days int NOT NULL,
        ends_at timestamptz NOT NULL,
        status text NOT NULL DEFAULT 'active',
        subscribed_at timestamptz NOT NULL,
        updated_at timestamptz NOT NULL DEFAULT now(),
        CONSTRAINT subscriptions_one_per_user UNIQUE (project_id, user_id)
      )`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE subscriptions`);
  }
}
