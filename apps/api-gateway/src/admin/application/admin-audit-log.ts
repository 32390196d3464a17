export interface AdminAuditEntry {
  actor: string;
  clientIp: string;
  method: string;
  route: string;
  target: Record<string, string>;
  status: number;
  /**
   * When the answer went out. The row is written after it, off the request's path, so rows of
   * requests answered one after the other may land in either order; `at` keeps theirs.
   */
  at: Date;
}

/** Port (ADR 0031): the admin audit log (ADR 0061), append only. */
export abstract class AdminAuditLog {
  abstract append(entry: AdminAuditEntry): Promise<void>;
}
