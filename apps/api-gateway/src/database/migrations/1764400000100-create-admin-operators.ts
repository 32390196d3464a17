import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Named operator tokens of the admin API (ADR 0061): only the SHA-256 of each token is kept, so
 * the table gives no usable token away. A revoked token keeps its row (the audit log names it); a
 * name is unique among the tokens not revoked.
 */
export class CreateAdminOperators1764400000100 implements MigrationInterface {
  name = 'CreateAdminOperators1764400000100';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE admin_operators (
        id bigserial PRIMARY KEY,
        name text NOT NULL,
        scope text NOT NULL CHECK (scope IN ('read', 'write')),
        token_sha256 bytea NOT NULL UNIQUE,
        created_by text NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now(),
        revoked_at timestamptz
      )`);
    await q.query(
      `CREATE UNIQUE INDEX admin_operators_active_name ON admin_operators (name)
       WHERE revoked_at IS NULL`,
    );
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE admin_operators`);
  }
}
