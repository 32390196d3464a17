import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * ADR 0061: the admin audit log moves to `audit.admin_audit_log`, which the provisioning step
 * (`stack databases`) creates under a role the gateway cannot become. The rows of the table the
 * gateway owned are copied there (new ids, their times kept) and that table is dropped: its owner,
 * the gateway's own role, could have dropped its triggers.
 */
export class MoveAdminAuditLog1764400000200 implements MigrationInterface {
  name = 'MoveAdminAuditLog1764400000200';

  async up(q: QueryRunner): Promise<void> {
    const [{ ready }] = (await q.query(
      `SELECT to_regclass('audit.admin_audit_log') IS NOT NULL AS ready`,
    )) as [{ ready: boolean }];
    if (!ready) {
      throw new Error(
        'audit.admin_audit_log is missing: run the provisioning step (stack databases, the ' +
          'database-roles Job) before the gateway migrations (ADR 0061)',
      );
    }
    await q.query(`
      INSERT INTO audit.admin_audit_log (at, actor, client_ip, method, route, target, status)
      SELECT at, actor, client_ip, method, route, target, status
      FROM public.admin_audit_log ORDER BY id`);
    await q.query(`DROP TABLE public.admin_audit_log`);
    await q.query(`DROP FUNCTION public.admin_audit_log_append_only()`);
  }

  async down(): Promise<void> {
    // The audit rows stay where the gateway cannot change them.
  }
}
