import { Module } from '@nestjs/common';
import { CardPaymentsModule } from '../card/card-payments.module';
import { DestinationsModule } from '../destinations/destinations.module';
import { HostedPagesModule } from '../hosted-pages/hosted-pages.module';
import { PartnerAuthModule } from '../partner-auth/partner-auth.module';
import { RequestsModule } from '../requests/requests.module';
import { PartnerTemplateModule } from '../template/partner-template.module';
import {
  ReadProcessingStatusUseCase,
  ResumeProcessingTaskUseCase,
  SubmitProcessingUseCase,
} from './application/processing.use-cases';
import { ProcessingHttpController } from './interface/processing.http.controller';

/**
 * The Task-Tree Processing API for partners (/processing): authenticated partners, their templates,
 * card data sealed for payments, and the 3-D Secure return through a hosted page.
 */
@Module({
  imports: [
    PartnerAuthModule,
    PartnerTemplateModule,
    CardPaymentsModule,
    DestinationsModule,
    HostedPagesModule,
    RequestsModule,
  ],
  controllers: [ProcessingHttpController],
  providers: [SubmitProcessingUseCase, ReadProcessingStatusUseCase, ResumeProcessingTaskUseCase],
})
export class ProcessingModule {}
