import { IsOptional, IsString, IsUUID, MaxLength } from 'class-validator';
import { defineRequest } from '../../message-definition';
import { Topics } from '../../topics';

/**
 * The user came back from the 3-D Secure page of a `card.payment` task (ADR 0005, ADR 0007): the
 * gateway's TermUrl `/processing/acs-return/<globalId>/<taskId>` received PaRes and MD. The
 * orchestrator sends `card.authenticate` for that task and resumes the tree when its result
 * arrives.
 */
export class ResumeProcessingTaskV1 {
  @IsUUID() globalId!: string;
  @IsUUID() taskId!: string;
  @IsOptional() @IsString() @MaxLength(20000) paRes?: string;
  @IsOptional() @IsString() @MaxLength(2000) md?: string;
}

/** Where the gateway sends the user next: the partner's own `acs_return_url`, when it gave one. */
export interface ResumeProcessingTaskResultV1 {
  redirectUrl: string | null;
}

export const ResumeProcessingTaskV1Request = defineRequest<
  ResumeProcessingTaskV1,
  ResumeProcessingTaskResultV1
>('processing.resume-task.v1', Topics.processingRequests, ResumeProcessingTaskV1);
