import { Module } from '@nestjs/common';
import { AdminAuditLog } from './application/admin-audit-log';
import { AdminAuditLogRepository } from './infrastructure/admin-audit-log.repository';
import { AdminOperatorRepository } from './infrastructure/admin-operator.repository';
import { AdminOperatorStore } from './application/admin-operator.store';
import { IdentifyAdminCallerUseCase } from './application/identify-admin-caller.use-case';
import {
  IssueOperatorTokenUseCase,
  ListOperatorTokensUseCase,
  RevokeOperatorTokenUseCase,
} from './application/operator-tokens.use-cases';
import { AdminTokenGuard } from './interface/admin-token.guard';

/** What the module provides as it is and exports to the modules of the admin controllers. */
const SHARED_WITH_CONTROLLERS = [
  AdminAuditLogRepository,
  IdentifyAdminCallerUseCase,
  IssueOperatorTokenUseCase,
  ListOperatorTokensUseCase,
  RevokeOperatorTokenUseCase,
  AdminTokenGuard,
];

/**
 * The admin API's gate (ADR 0002, ADR 0061): the token guard, the operator tokens it accepts and
 * the audit log it writes. The guard is built in the module of its controllers, so what it needs
 * is exported with it.
 */
@Module({
  providers: [
    { provide: AdminAuditLog, useExisting: AdminAuditLogRepository },
    { provide: AdminOperatorStore, useClass: AdminOperatorRepository },
    ...SHARED_WITH_CONTROLLERS,
  ],
  exports: [AdminAuditLog, ...SHARED_WITH_CONTROLLERS],
})
export class AdminGateModule {}
