import {
  IsInt,
  IsObject,
  IsOptional,
  IsString,
  Length,
  Matches,
  MaxLength,
  Min,
} from 'class-validator';
import { defineRequest } from '../../message-definition';
import { Topics } from '../../topics';
import type { TransactionRecordV1 } from '../payments/transaction-record.v1';

/**
 * POST /card/processRecurring as one command to users-recurring, the owner of the recurring charge
 * saga (ADR 0060). `idempotencyKey` (one signed request) names the flow: sending the same command
 * again never starts a second charge, it answers the flow's outcome or that it is still in progress.
 */
export class StartRecurringChargeV1 {
  @IsString() @Length(1, 160) idempotencyKey!: string;
  @IsInt() @Min(1) projectId!: number;
  @IsString() @Length(1, 32) userId!: string;
  @IsString() @Length(1, 32) price!: string;
  @Matches(/^[A-Z]{3}$/) currency!: string;
  @IsOptional() @IsString() @MaxLength(64) orderId?: string;
  @IsOptional() @IsString() @Length(1, 1024) description?: string;
  @IsObject() attributes!: Record<string, string>;
}

/**
 * The flow's answer: the charge payments made (completed, processing or failed), or `done: false`
 * while payments has not answered yet. A refusal (40405, 40310, 40311, 40502, 40501, 40503, ...)
 * is the reply's error.
 */
export type RecurringChargeAnswerV1 =
  { done: true; transaction: TransactionRecordV1 } | { done: false };

export const StartRecurringChargeV1Request = defineRequest<
  StartRecurringChargeV1,
  RecurringChargeAnswerV1
>('users.start-recurring-charge.v1', Topics.usersRequests, StartRecurringChargeV1);
