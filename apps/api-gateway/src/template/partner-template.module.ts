import { Module } from '@nestjs/common';
import { PartnerModule } from '../partner/partner.module';
import { PartnerTemplateStore } from './application/partner-template.store';
import { PartnerTemplatesUseCase } from './application/partner-templates.use-case';
import { PartnerTemplateRepository } from './infrastructure/partner-template.repository';

/** ADR 0002 partner templates: kept here, sent to the orchestrator with each request naming one. */
@Module({
  imports: [PartnerModule],
  providers: [
    { provide: PartnerTemplateStore, useClass: PartnerTemplateRepository },
    PartnerTemplatesUseCase,
  ],
  exports: [PartnerTemplatesUseCase],
})
export class PartnerTemplateModule {}
