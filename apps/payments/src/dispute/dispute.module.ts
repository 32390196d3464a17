import { Module, type DynamicModule } from '@nestjs/common';
import { ChargeModule } from '../charge/charge.module';
import type { PaymentsConfig } from '../config/payments.config';
import { ProjectModule } from '../project/project.module';
import { SandboxDisputeUseCase } from './application/sandbox-dispute.use-case';
import { SandboxDisputeKafkaHandler } from './interface/sandbox-dispute.kafka.handler';

/** Sandbox chargebacks and retrievals of payments (ADR 0028). */
@Module({})
export class DisputeModule {
  static register(config: PaymentsConfig): DynamicModule {
    return {
      module: DisputeModule,
      imports: [ChargeModule.register(config), ProjectModule],
      controllers: [SandboxDisputeKafkaHandler],
      providers: [SandboxDisputeUseCase],
    };
  }
}
