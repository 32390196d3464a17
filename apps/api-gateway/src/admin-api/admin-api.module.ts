import { Module } from '@nestjs/common';
import { AdminGateModule } from '../admin/admin-gate.module';
import { AdminOperatorsHttpController } from '../admin/interface/admin-operators.http.controller';
import { AdminDeliveriesHttpController } from '../deliveries/admin-deliveries.http.controller';
import { PartnerModule } from '../partner/partner.module';
import { AdminPartnersHttpController } from '../partner/interface/admin-partners.http.controller';
import { ProjectModule } from '../project/project.module';
import { AdminProjectsHttpController } from '../project/interface/admin-projects.http.controller';
import { RequestsModule } from '../requests/requests.module';
import { AdminSandboxClockHttpController } from '../sandbox-clock/interface/admin-sandbox-clock.http.controller';
import { SandboxClockModule } from '../sandbox-clock/sandbox-clock.module';
import { PartnerTemplateModule } from '../template/partner-template.module';
import { AdminTemplatesHttpController } from '../template/interface/admin-templates.http.controller';
import { AdminSandboxDisputesHttpController } from '../transaction/interface/admin-sandbox-disputes.http.controller';

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
    SandboxClockModule,
  ],
  controllers: [
    AdminOperatorsHttpController,
    AdminProjectsHttpController,
    AdminPartnersHttpController,
    AdminTemplatesHttpController,
    AdminDeliveriesHttpController,
    AdminSandboxDisputesHttpController,
    AdminSandboxClockHttpController,
  ],
})
export class AdminApiModule {}
