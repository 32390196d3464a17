import { Module } from '@nestjs/common';
import { AdminGateModule } from './admin-gate.module';
import { AdminOperatorsHttpController } from './interface/operators/admin-operators.http.controller';
import { AdminDeliveriesHttpController } from './interface/deliveries/admin-deliveries.http.controller';
import { AdminProjectDeliveriesHttpController } from './interface/deliveries/admin-project-deliveries.http.controller';
import { PartnerModule } from '../partner/partner.module';
import { AdminPartnersHttpController } from './interface/partners/admin-partners.http.controller';
import { ProjectModule } from '../project/project.module';
import { AdminProjectsHttpController } from './interface/projects/admin-projects.http.controller';
import { RequestsModule } from '../requests/requests.module';
import { PartnerTemplateModule } from '../template/partner-template.module';
import { AdminTemplatesHttpController } from './interface/templates/admin-templates.http.controller';
import { AdminSandboxDisputesHttpController } from './interface/sandbox/admin-sandbox-disputes.http.controller';
import { AdminTraceHttpController } from '../trace/interface/admin-trace.http.controller';
import { TraceModule } from '../trace/trace.module';
import { AdminSandboxClockHttpController } from '../sandbox-clock/interface/admin-sandbox-clock.http.controller';
import { SandboxClockModule } from '../sandbox-clock/sandbox-clock.module';

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
    SandboxClockModule,
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
    AdminSandboxClockHttpController,
  ],
})
export class AdminApiModule {}
