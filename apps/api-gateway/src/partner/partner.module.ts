import { Module } from '@nestjs/common';
import { ProjectModule } from '../project/project.module';
import { CreatePartnerUseCase } from './application/create-partner/create-partner.use-case';
import { GetPartnerUseCase } from './application/get-partner/get-partner.use-case';
import { PartnerDirectory } from './application/partner-directory';
import { PartnerStore } from './application/partner.store';
import { PartnerRepository } from './infrastructure/partner.repository';

/** Partners of the Task-Tree Processing API, each acting for one project (ADR 0002). */
@Module({
  imports: [ProjectModule],
  providers: [
    { provide: PartnerStore, useClass: PartnerRepository },
    PartnerDirectory,
    CreatePartnerUseCase,
    GetPartnerUseCase,
  ],
  exports: [PartnerStore, PartnerDirectory, CreatePartnerUseCase, GetPartnerUseCase],
})
export class PartnerModule {}
