import { Module, type DynamicModule } from '@nestjs/common';
import { HostedPageKeyRing } from '@opp/crypto';
import { flagCheck } from '@opp/observability';
import { PlatformModule } from '@opp/platform';
import { AdminAuditLogRepository } from './admin/admin-audit-log.repository';
import { AdminTokenGuard } from './admin/admin-token.guard';
import { DestinationGuard, resolveAll } from '@opp/destination-guard';
import { RegisteredUrlCheck } from './destinations/registered-url-check';
import { cardPaymentControllers, cardPaymentProviders } from './card/card-payments.providers';
import { GatewayConfig } from './config/gateway.config';
import { entities, migrations, SERVICE_NAME } from './database/database-options';
import { SignedRequestGuard } from './merchant-auth/signed-request.guard';
import { merchantSecretsKeyProviders } from './merchant-secrets/merchant-secrets-keys.providers';
import { CreatePartnerUseCase } from './partner/application/create-partner/create-partner.use-case';
import { GetPartnerUseCase } from './partner/application/get-partner/get-partner.use-case';
import { PartnerRepository } from './partner/infrastructure/partner.repository';
import { AdminPartnersHttpController } from './partner/interface/admin-partners.http.controller';
import { CreateProjectUseCase } from './project/application/create-project/create-project.use-case';
import { GetProjectUseCase } from './project/application/get-project/get-project.use-case';
import { ProjectDirectory } from './project/application/project-directory';
import {
  KEY_ROTATION_GRACE,
  RotateProjectKeysUseCase,
} from './project/application/rotate-project-keys/rotate-project-keys.use-case';
import { UpdateProjectUseCase } from './project/application/update-project/update-project.use-case';
import { ProjectRepository } from './project/infrastructure/project.repository';
import { AdminProjectsHttpController } from './project/interface/admin-projects.http.controller';
import { GatewayRequestClient } from './requests/request-client.provider';
import { PartnerDirectory } from './partner/application/partner-directory';
import { PartnerAuth } from './partner-auth/partner-auth';
import { ProcessingHttpController } from './processing/interface/processing.http.controller';
import { PartnerTemplatesUseCase } from './template/application/partner-templates.use-case';
import { PartnerTemplateRepository } from './template/infrastructure/partner-template.repository';
import { AdminTemplatesHttpController } from './template/interface/admin-templates.http.controller';
import { UserHttpController } from './user/interface/user.http.controller';
import { TransactionReverseHttpController } from './transaction/interface/transaction-reverse.http.controller';
import { AdminSandboxDisputesHttpController } from './transaction/interface/admin-sandbox-disputes.http.controller';
import { AdminDeliveriesHttpController } from './deliveries/admin-deliveries.http.controller';
import { RecurringCharge } from './recurring/application/recurring-charge';
import { RecurringHttpController } from './recurring/interface/recurring.http.controller';
import { PayoutHttpController } from './payout/interface/payout.http.controller';

@Module({})
export class AppModule {
  static register(config: GatewayConfig): DynamicModule {
    return {
      module: AppModule,
      imports: [
        PlatformModule.forRoot({
          service: SERVICE_NAME,
          config,
          databaseUrl: config.databaseUrl,
          entities,
          migrations,
          healthChecks: (moduleRef) => [
            flagCheck(
              'kafka-replies',
              () => moduleRef.get(GatewayRequestClient, { strict: false }).ready,
              'reply consumer not fetching from the broker',
            ),
          ],
        }),
      ],
      controllers: [
        AdminProjectsHttpController,
        AdminPartnersHttpController,
        UserHttpController,
        ProcessingHttpController,
        ...cardPaymentControllers,
        TransactionReverseHttpController,
        AdminTemplatesHttpController,
        AdminDeliveriesHttpController,
        AdminSandboxDisputesHttpController,
        RecurringHttpController,
        PayoutHttpController,
      ],
      providers: [
        { provide: GatewayConfig, useValue: config },
        ...merchantSecretsKeyProviders(config),
        { provide: HostedPageKeyRing, useValue: new HostedPageKeyRing(config.hostedPageKeys) },
        { provide: KEY_ROTATION_GRACE, useValue: config.keyRotationGraceHours * 3600 * 1000 },
        AdminAuditLogRepository,
        {
          provide: DestinationGuard,
          useValue: new DestinationGuard(
            { enforce: config.isProduction, allowedHosts: config.deliveryAllowedHosts ?? [] },
            resolveAll,
          ),
        },
        RegisteredUrlCheck,
        AdminTokenGuard,
        SignedRequestGuard,
        GatewayRequestClient,
        ProjectRepository,
        ProjectDirectory,
        CreateProjectUseCase,
        GetProjectUseCase,
        UpdateProjectUseCase,
        RotateProjectKeysUseCase,
        PartnerRepository,
        CreatePartnerUseCase,
        GetPartnerUseCase,
        PartnerDirectory,
        PartnerAuth,
        ...cardPaymentProviders,
        PartnerTemplateRepository,
        PartnerTemplatesUseCase,
        RecurringCharge,
      ],
    };
  }
}
