import { Module } from '@nestjs/common';
import { ReplayGuard } from './application/replay-guard';
import { SignedRequestStore } from './application/signed-request.store';
import { ReplayGuardInterceptor } from './interface/replay-guard.interceptor';
import { ReplayGuardPurger } from './infrastructure/replay-guard.purger';
import { SignedRequestRepository } from './infrastructure/signed-request.repository';

/** ADR 0003: a signature accepted for a mutating call executes once; replays get its answer. */
@Module({
  providers: [
    SignedRequestRepository,
    { provide: SignedRequestStore, useExisting: SignedRequestRepository },
    ReplayGuard,
    ReplayGuardInterceptor,
    ReplayGuardPurger,
  ],
  exports: [ReplayGuard, ReplayGuardInterceptor],
})
export class ReplayGuardModule {}
