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
import { defineMessage } from '../../message-definition';
import { Topics } from '../../topics';
import type { TransactionRecordV1 } from './transaction-record.v1';
import { UserSnapshotV1 } from './user-snapshot.v1';

/**
 * A recurring charge (POST /card/processRecurring, the `recurring.charge` task, the automatic
 * scheduler): the subscription's permanent token, no card data and no 3-D Secure (ADR 0012).
 * users-recurring has already applied the subscription's rules and sends it as a command (ADR
 * 0060). `idempotencyKey` charges once.
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

/**
 * Who asked for a recurring charge sent as a command, and so who hears the outcome: users-recurring
 * always (it owns the flow, ADR 0060), the orchestrator too for a task.
 */
export class RecurringChargeOriginV1 {
  @IsIn(['manual', 'task', 'schedule']) kind!: 'manual' | 'task' | 'schedule';
  /** kind manual and task: users-recurring's flow (its idempotency key). */
  @IsOptional() @IsString() @Length(1, 160) flowKey?: string;
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

export const RECURRING_CHARGE_OUTCOMES = ['charged', 'declined', 'refused'] as const;
export type RecurringChargeOutcome = (typeof RECURRING_CHARGE_OUTCOMES)[number];

/** Why payments refused a charge before any transaction existed (a code of the error catalogue). */
export class RecurringChargeRefusalV1 {
  @IsInt() code!: number;
  @IsString() @MaxLength(1024) message!: string;
}

/**
 * A recurring charge ended: `charged` (completed, or accepted and still processing), `declined`
 * (the transaction failed) or `refused` (no transaction: the order id names a live payment, the
 * card on file cannot be charged, ...). Only `charged` counts against frequency and the schedule
 * (ADR 0060). Key `<projectId>:<userId>`, on the recurring events topic users-recurring reads.
 */
export class RecurringChargeSettledV1 {
  @IsInt() @Min(1) projectId!: number;
  @IsString() @Length(1, 32) userId!: string;
  /** The command's origin: a flow key for a manual or task charge, a period for a scheduled one. */
  @IsOptional() @IsString() @Length(1, 160) flowKey?: string;
  @IsOptional() @IsInt() @Min(1) subscriptionId?: number;
  @IsOptional() @IsInt() @Min(1) period?: number;
  @IsOptional() @IsInt() @Min(1) attempt?: number;
  @IsIn(RECURRING_CHARGE_OUTCOMES) outcome!: RecurringChargeOutcome;
  @IsOptional() @IsInt() @Min(1) transactionId?: number;
  /** A manual charge: the transaction as the merchant's answer shows it. */
  @IsOptional() @IsObject() transaction?: TransactionRecordV1;
  @IsOptional()
  @ValidateNested()
  @Type(() => RecurringChargeRefusalV1)
  refusal?: RecurringChargeRefusalV1;
  @IsOptional() @IsString() @MaxLength(255) reason?: string;
}

export const RecurringChargeSettledV1Message = defineMessage(
  'payments.recurring-charge-settled.v1',
  Topics.recurringEvents,
  RecurringChargeSettledV1,
);
