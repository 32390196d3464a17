import { Module } from '@nestjs/common';
import { ProjectModule } from '../project/project.module';
import { ProjectPublicKeyGuard } from './interface/project-public-key.guard';
import { SignedRequestGuard } from './interface/signed-request.guard';

/**
 * Merchant authentication (ADR 0003): the signed-request guard and the public-key guard. A guard
 * named in `@UseGuards` is built in the module of its controller, so this module also exports
 * the project directory the guards read.
 */
@Module({
  imports: [ProjectModule],
  providers: [SignedRequestGuard, ProjectPublicKeyGuard],
  exports: [SignedRequestGuard, ProjectPublicKeyGuard, ProjectModule],
})
export class MerchantAuthModule {}
