import {
  IsBoolean,
  IsIn,
  IsInt,
  IsISO8601,
  IsObject,
  IsOptional,
  IsString,
  Matches,
  Min,
} from 'class-validator';
import { defineMessage } from '../../message-definition';
import { Topics } from '../../topics';

/** Callback statuses of gateway-api.md (values of the callback parameter `status`). */
export const CALLBACK_STATUSES = [
  'completed',
  'waiting_approval',
  'processing',
  'failed',
  'verified',
  'refund_completed',
  'chargeback_completed',
  'retrieval_completed',
  'penalty_completed',
  'payout_completed',
  'payout_failed',
  'payout_cancelled',
  'payout_abandoned',
] as const;
export type CallbackStatus = (typeof CALLBACK_STATUSES)[number];

const DECIMAL = /^-?\d+(\.\d+)?$/;

/**
 * Every status change of a transaction (key: transaction id). `callbackStatus` is set when the change
 * is one a merchant is called back about; the notifier turns it into the spec's callback.
 * Amounts are decimal strings formatted as the callback table types them.
 */
export class TransactionStatusChangedV1 {
  @IsInt() @Min(1) transactionId!: number;
  @IsInt() @Min(1) projectId!: number;
  @IsString() userId!: string;
  @IsOptional() @IsString() orderId?: string | null;
  @IsOptional() @IsInt() referenceId?: number | null;
  @IsString() type!: string;
  @IsString() status!: string;
  @IsOptional() @IsIn(CALLBACK_STATUSES) callbackStatus?: CallbackStatus | null;
  @IsOptional() @IsString() reason?: string | null;
  /** decimal(9,2): virtual currency for the user (price x project rate). */
  @Matches(DECIMAL) amount!: string;
  /** decimal(12,4) */
  @Matches(DECIMAL) price!: string;
  @Matches(DECIMAL) deposit!: string;
  @Matches(DECIMAL) earned!: string;
  @Matches(DECIMAL) vatRate!: string;
  @Matches(DECIMAL) vatAmount!: string;
  @Matches(/^[A-Z]{3}$/) currency!: string;
  @IsBoolean() sandbox!: boolean;
  @IsObject() attributes!: Record<string, string>;
  @IsISO8601() changedAt!: string;
}

export const TransactionStatusChangedV1Message = defineMessage(
  'payments.transaction-status-changed.v1',
  Topics.transactionEvents,
  TransactionStatusChangedV1,
);
