import { Controller } from '@nestjs/common';
import { Ctx, Payload } from '@nestjs/microservices';
import {
  GetProcessingStatusV2Request,
  ResumeProcessingTaskV1Request,
  SubmitProcessingV2Request,
  type GetProcessingStatusV1,
  type ResumeProcessingTaskV1,
  type SubmitProcessingV1,
} from '@opp/contracts';
import { MessageContext, OnRequest } from '@opp/messaging';
import type { UnitOfWork } from '@opp/persistence';
import { GetProcessingStatusUseCase } from '../application/get-processing-status/get-processing-status.use-case';
import { ResumeTaskUseCase } from '../application/resume-task/resume-task.use-case';
import { SubmitProcessingUseCase } from '../application/submit-processing/submit-processing.use-case';

@Controller()
export class ProcessingRequestsKafkaHandler {
  constructor(
    private readonly submitProcessing: SubmitProcessingUseCase,
    private readonly getStatus: GetProcessingStatusUseCase,
    private readonly resumeTask: ResumeTaskUseCase,
  ) {}

  @OnRequest(SubmitProcessingV2Request)
  submit(@Payload() command: SubmitProcessingV1, @Ctx() context: MessageContext) {
    return this.submitProcessing.execute(context.transaction<UnitOfWork>(), command);
  }

  /** A read: no inbox row, no transaction held while answering. */
  @OnRequest(GetProcessingStatusV2Request, { inbox: false })
  status(@Payload() query: GetProcessingStatusV1) {
    return this.getStatus.execute(query);
  }

  @OnRequest(ResumeProcessingTaskV1Request)
  resume(@Payload() command: ResumeProcessingTaskV1, @Ctx() context: MessageContext) {
    return this.resumeTask.execute(context.transaction<UnitOfWork>(), command);
  }
}
