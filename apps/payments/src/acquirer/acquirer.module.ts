import { Module } from '@nestjs/common';
import { AcquirerRouter } from './application/acquirer-router';
import { SandboxAcquirer } from './infrastructure/sandbox-acquirer';

/** Which acquirer decides a project's charges. */
@Module({
  providers: [
    // Sandbox projects only (ADR 0006); live ones need a bank adapter, none exists yet (42201).
    { provide: AcquirerRouter, useValue: new AcquirerRouter(new SandboxAcquirer(), null) },
  ],
  exports: [AcquirerRouter],
})
export class AcquirerModule {}
