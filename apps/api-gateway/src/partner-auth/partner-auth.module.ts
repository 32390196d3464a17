import { Module } from '@nestjs/common';
import { PartnerModule } from '../partner/partner.module';
import {
  PartnerBodySignatureGuard,
  PartnerGlobalIdSignatureGuard,
} from './interface/partner-signature.guard';

/**
 * Partner authentication (ADR 0004). A guard named in `@UseGuards` is built in the module of its
 * controller, so this module also exports the partner directory the guards read.
 */
@Module({
  imports: [PartnerModule],
  providers: [PartnerBodySignatureGuard, PartnerGlobalIdSignatureGuard],
  exports: [PartnerBodySignatureGuard, PartnerGlobalIdSignatureGuard, PartnerModule],
})
export class PartnerAuthModule {}
