import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * ADR 0017: `header.request.id` is unique per partner. The id and a fingerprint of the body the
 * partner sent are kept with the request; the partial unique index is the rule itself, so no two
 * replicas can ever start two trees for one id. Requests stored before this have no id (NULL).
 */
export class UniqueProcessingRequestIds1763800005000 implements MigrationInterface {
  name = 'UniqueProcessingRequestIds1763800005000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      ALTER TABLE processing_requests
        ADD COLUMN request_id text,
        ADD COLUMN body_fingerprint text`);
    await q.query(`
      CREATE UNIQUE INDEX processing_requests_partner_request_id
        ON processing_requests (partner_identifier, request_id) WHERE request_id IS NOT NULL`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP INDEX processing_requests_partner_request_id`);
    await q.query(`
      ALTER TABLE processing_requests DROP COLUMN request_id, DROP COLUMN body_fingerprint`);
  }
}
