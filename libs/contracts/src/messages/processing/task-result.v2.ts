import { Type } from 'class-transformer';
import {
  IsIn,
  IsISO8601,
  IsObject,
  IsOptional,
  IsString,
  IsUUID,
  ValidateNested,
} from 'class-validator';
import { defineMessage } from '../../message-definition';
import { Topics } from '../../topics';
import type { TransactionRecordV1 } from '../payments/transaction-record.v1';
import { TASK_OUTCOMES, type TaskOutcome } from './task-protocol.v1';

/**
 * Which operation a task ran on a transaction: the gateway renders its output with the renderer of
 * the matching merchant answer (ADR 0031): POST /card/process for `charge` (card.payment and
 * recurring.charge), POST /card/authenticate, POST /transaction/reverse, GET /transaction/status.
 */
export const TASK_OPERATIONS = ['charge', 'authenticate', 'reversal', 'status'] as const;
export type TaskOperation = (typeof TASK_OPERATIONS)[number];

/** A task's transaction in domain terms (ADR 0031): no public field names, no URL. */
export class TaskTransactionV2 {
  @IsIn(TASK_OPERATIONS) operation!: TaskOperation;
  @IsObject() record!: TransactionRecordV1;
}

/**
 * A task result whose transaction the gateway renders (ADR 0031). Unlike v1 it has no
 * `interactive`: a WAITING charge's 3-D Secure redirect is the gateway's to build from the
 * record's challenge. `data` keeps what is no transaction (a refusal's `error`).
 */
export class TaskResultV2 {
  @IsUUID() taskId!: string;
  @IsUUID() globalId!: string;
  @IsIn(TASK_OUTCOMES) outcome!: TaskOutcome;
  @IsOptional()
  @ValidateNested()
  @Type(() => TaskTransactionV2)
  transaction?: TaskTransactionV2;
  @IsOptional() @IsObject() data?: Record<string, unknown>;
  @IsOptional() @IsString() reason?: string;
  @IsISO8601() completedAt!: string;
}

export const TaskResultV2Message = defineMessage(
  'processing.task-result.v2',
  Topics.taskResults,
  TaskResultV2,
);

/** As `taskResultMessage`: keyed by GlobalId so that one request's results arrive in order. */
export const taskResultV2Message = (result: TaskResultV2) =>
  ({ definition: TaskResultV2Message, key: result.globalId, payload: result }) as const;
