import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { AdminAuditLog, type AdminAuditEntry } from '../application/admin-audit-log';

export type { AdminAuditEntry };

/** The role that may insert audit rows and nothing else (ADR 0061, created by the provisioning step). */
export const AUDIT_WRITER_ROLE = 'opp_audit_writer';

/**
 * The admin audit table, `audit.admin_audit_log` (ADR 0061): owned by a role the gateway cannot
 * become, so the gateway's own role can neither change nor delete a row nor drop its triggers.
 * Each row is written as the insert-only role, so the write itself can do nothing else.
 */
@Injectable()
export class AdminAuditLogRepository extends AdminAuditLog {
  constructor(private readonly dataSource: DataSource) {
    super();
  }

  async append(entry: AdminAuditEntry): Promise<void> {
    await this.dataSource.transaction(async (manager) => {
      await manager.query(`SET LOCAL ROLE ${AUDIT_WRITER_ROLE}`);
      await manager.query(
        `INSERT INTO audit.admin_audit_log (actor, client_ip, method, route, target, status, at)
         VALUES ($1, $2, $3, $4, $5::jsonb, $6, $7)`,
        [
          entry.actor,
          entry.clientIp,
          entry.method,
          entry.route,
          JSON.stringify(entry.target),
          entry.status,
          entry.at,
        ],
      );
    });
  }
}
