import { Module } from '@nestjs/common';
import { AdminAuditLogRepository } from './infrastructure/admin-audit-log.repository';
import { AdminTokenGuard } from './admin-token.guard';

/**
 * The admin API's gate (ADR 0002): the token guard and the audit log it writes. The guard is built
 * in the module of its controllers, so the audit log is exported with it.
 */
@Module({
  providers: [AdminAuditLogRepository, AdminTokenGuard],
  exports: [AdminAuditLogRepository, AdminTokenGuard],
})
export class AdminGateModule {}
