import { Type } from 'class-transformer';
import {
  IsIn,
  IsInt,
  IsObject,
  IsOptional,
  IsString,
  IsUUID,
  Length,
  Matches,
  MaxLength,
  Min,
  ValidateNested,
} from 'class-validator';
import { defineMessage, defineRequest } from '../../message-definition';
import { Topics } from '../../topics';
import type { TransactionRecordV1 } from './transaction-record.v1';
import { UserSnapshotV1 } from './user-snapshot.v1';

/**
 * A recurring charge (POST /card/processRecurring, the `recurring.charge` task, the automatic
 * scheduler): the subscription's permanent token, no card data and no 3-D Secure (ADR 0012).
 * users-recurring has already applied the subscription's rules. `idempotencyKey` charges once.
 */
export class ProcessRecurringChargeV1 {
  @IsString() @Length(1, 160) idempotencyKey!: string;
  @IsInt() @Min(1) projectId!: number;
  @ValidateNested() @Type(() => UserSnapshotV1) user!: UserSnapshotV1;
  @IsString() @Length(1, 128) permanentTokenId!: string;
  /** The charge that subscribed the user. */
  @IsInt() @Min(1) referenceId!: number;
  @IsString() @Length(1, 32) price!: string;
  @Matches(/^[A-Z]{3}$/) currency!: string;
  @IsOptional() @IsString() @MaxLength(64) orderId?: string;
  @IsOptional() @IsString() @Length(1, 1024) description?: string;
  @IsObject() attributes!: Record<string, string>;
}

export const ProcessRecurringChargeV1Request = defineRequest<
  ProcessRecurringChargeV1,
  TransactionRecordV1
>('payments.process-recurring-charge.v1', Topics.paymentsRequests, ProcessRecurringChargeV1);

/** Who asked for a recurring charge sent as a command, and so who hears the outcome. */
export class RecurringChargeOriginV1 {
  @IsIn(['task', 'schedule']) kind!: 'task' | 'schedule';
  /** kind task: the orchestrator's task; its result goes to the orchestrator. */
  @IsOptional() @IsUUID() taskId?: string;
  @IsOptional() @IsUUID() globalId?: string;
  /** kind schedule: the subscription period and attempt; the outcome goes to users-recurring. */
  @IsOptional() @IsInt() @Min(1) subscriptionId?: number;
  @IsOptional() @IsInt() @Min(1) period?: number;
  @IsOptional() @IsInt() @Min(1) attempt?: number;
}

export class RecurringChargeCommandV1 {
  @ValidateNested() @Type(() => ProcessRecurringChargeV1) charge!: ProcessRecurringChargeV1;
  @ValidateNested() @Type(() => RecurringChargeOriginV1) origin!: RecurringChargeOriginV1;
}

/** users-recurring -> payments (key: `<projectId>:<userId>`); travels with payments' task commands. */
export const RecurringChargeCommandV1Message = defineMessage(
  'payments.recurring-charge-command.v1',
  Topics.paymentsTaskCommands,
  RecurringChargeCommandV1,
);

export const RECURRING_CHARGE_OUTCOMES = ['charged', 'declined'] as const;
export type RecurringChargeOutcome = (typeof RECURRING_CHARGE_OUTCOMES)[number];

/**
 * An automatic (scheduled) recurring charge ended: `charged` (completed, or accepted and still
 * processing) or `declined` (failed, or refused before the bank, e.g. 40503). Key
 * `<projectId>:<userId>`, on the recurring events topic users-recurring reads.
 */
export class RecurringChargeSettledV1 {
  @IsInt() @Min(1) projectId!: number;
  @IsString() @Length(1, 32) userId!: string;
  @IsInt() @Min(1) subscriptionId!: number;
  @IsInt() @Min(1) period!: number;
  @IsInt() @Min(1) attempt!: number;
  @IsIn(RECURRING_CHARGE_OUTCOMES) outcome!: RecurringChargeOutcome;
  @IsOptional() @IsInt() @Min(1) transactionId?: number;
  @IsOptional() @IsString() @MaxLength(255) reason?: string;
}

export const RecurringChargeSettledV1Message = defineMessage(
  'payments.recurring-charge-settled.v1',
  Topics.recurringEvents,
  RecurringChargeSettledV1,
);
