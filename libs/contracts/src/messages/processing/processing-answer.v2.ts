import { defineRequest } from '../../message-definition';
import { Topics } from '../../topics';
import type { ThreeDsChallengeV1 } from '../payments/transaction-record.v1';
import {
  GetProcessingStatusV1,
  SubmitProcessingV1,
  type ProcessingResponseV1,
} from './submit-processing.v1';
import type { TaskTransactionV2 } from './task-result.v2';

/** The transactions one task ran, in the order their results arrived. */
export interface TaskTransactionsV2 {
  taskId: string;
  transactions: TaskTransactionV2[];
}

/**
 * What the orchestrator answers for a processing request (ADR 0031): the Response object of
 * processing-api.md without what the gateway renders, and the domain terms it renders it from.
 * Each task listed in `tasks` gets a `data` object (after its `result`): the rendering of each
 * transaction in order, merged, then the task's own `data` if it has one. `challenge` is the
 * 3-D Secure challenge of the task the request waits for: the gateway adds `result.interactive`.
 */
export interface ProcessingAnswerV2 {
  response: ProcessingResponseV1;
  tasks: TaskTransactionsV2[];
  challenge: ThreeDsChallengeV1 | null;
}

export const SubmitProcessingV2Request = defineRequest<SubmitProcessingV1, ProcessingAnswerV2>(
  'processing.submit-request.v2',
  Topics.processingRequests,
  SubmitProcessingV1,
);

export const GetProcessingStatusV2Request = defineRequest<
  GetProcessingStatusV1,
  ProcessingAnswerV2
>('processing.get-status.v2', Topics.processingRequests, GetProcessingStatusV1);
