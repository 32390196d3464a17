import { Module } from '@nestjs/common';
import { MerchantAuthModule } from '../merchant-auth/merchant-auth.module';
import { ProjectModule } from '../project/project.module';
import { ReplayGuardModule } from '../replay-guard/replay-guard.module';
import { SandboxClockStore } from './application/sandbox-clock.store';
import { SandboxClockUseCases } from './application/sandbox-clock.use-cases';
import { SandboxClockRepository } from './infrastructure/sandbox-clock.repository';
import { SandboxClockHttpController } from './interface/sandbox-clock.http.controller';

/**
 * The sandbox project clocks (ADR 0069): the gateway owns them and publishes each advance; the
 * merchant's signed routes live here, the operator's on the admin API (AdminApiModule).
 */
@Module({
  imports: [ProjectModule, MerchantAuthModule, ReplayGuardModule],
  controllers: [SandboxClockHttpController],
  providers: [
    { provide: SandboxClockStore, useClass: SandboxClockRepository },
    SandboxClockUseCases,
  ],
  exports: [SandboxClockUseCases],
})
export class SandboxClockModule {}
