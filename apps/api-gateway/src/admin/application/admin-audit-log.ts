export interface AdminAuditEntry {
  actor: string;
  clientIp: string;
  method: string;
  route: string;
  target: Record<string, string>;
  status: number;
}

/** Port (ADR 0031): the admin audit log (ADR 0061), append only. */
export abstract class AdminAuditLog {
  abstract append(entry: AdminAuditEntry): Promise<void>;
}
