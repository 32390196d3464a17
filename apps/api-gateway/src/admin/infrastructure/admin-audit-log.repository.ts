import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';

export interface AdminAuditEntry {
  actor: string;
  clientIp: string;
  method: string;
  route: string;
  target: Record<string, string>;
  status: number;
}

/** The append-only admin audit table (migration CreateAdminAuditLog). */
@Injectable()
export class AdminAuditLogRepository {
  constructor(private readonly dataSource: DataSource) {}

  async append(entry: AdminAuditEntry): Promise<void> {
    await this.dataSource.query(
      `INSERT INTO admin_audit_log (actor, client_ip, method, route, target, status)
       VALUES ($1, $2, $3, $4, $5::jsonb, $6)`,
      [
        entry.actor,
        entry.clientIp,
        entry.method,
        entry.route,
        JSON.stringify(entry.target),
        entry.status,
      ],
    );
  }
}
