import { Module } from '@nestjs/common';
import { AdminGateModule } from '../admin/admin-gate.module';
import { AdminOperatorsHttpController } from '../admin/interface/admin-operators.http.controller';
import { AdminDeliveriesHttpController } from '../deliveries/admin-deliveries.http.controller';
import { AdminProjectDeliveriesHttpController } from '../deliveries/admin-project-deliveries.http.controller';
import { PartnerModule } from '../partner/partner.module';
import { AdminPartnersHttpController } from '../partner/interface/admin-partners.http.controller';
import { ProjectModule } from '../project/project.module';
import { AdminProjectsHttpController } from '../project/interface/admin-projects.http.controller';
import { RequestsModule } from '../requests/requests.module';
import { PartnerTemplateModule } from '../template/partner-template.module';
import { AdminTemplatesHttpController } from '../template/interface/admin-templates.http.controller';
import { AdminSandboxDisputesHttpController } from '../transaction/interface/admin-sandbox-disputes.http.controller';
import { AdminTraceHttpController } from '../trace/interface/admin-trace.http.controller';
import { TraceModule } from '../trace/trace.module';

/**
 * The admin API on the admin listener (ADR 0002): operator tokens, projects, partners, templates,
 * deliveries and sandbox disputes. All its controllers share one module, so one token guard (and its rate limit
 * per client address) gates them all.
 */
@Module({
  imports: [
    AdminGateModule,
    ProjectModule,
    PartnerModule,
    PartnerTemplateModule,
    RequestsModule,
    TraceModule,
  ],
  controllers: [
    AdminOperatorsHttpController,
    AdminProjectsHttpController,
    AdminPartnersHttpController,
    AdminTemplatesHttpController,
    AdminDeliveriesHttpController,
    AdminSandboxDisputesHttpController,
    AdminProjectDeliveriesHttpController,
    AdminTraceHttpController,
  ],
})
export class AdminApiModule {}
