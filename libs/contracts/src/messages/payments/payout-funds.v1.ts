import {
  IsIn,
  IsInt,
  IsISO8601,
  IsOptional,
  IsString,
  IsUUID,
  Matches,
  MaxLength,
  Min,
} from 'class-validator';
import { defineMessage } from '../../message-definition';
import { Topics } from '../../topics';

/**
 * A payout order as payments reserves it against the merchant's available balance in its ledger
 * (ADR 0060), carried by `payouts.reserve-payout-funds.v1` and `payouts.payout-task-checked.v1`. Refused with 40313 when the balance does not cover it (nothing reserved) and with
 * 40501 when `orderId` already names a live payout of the project (ADR 0014). A command whose
 * `requestKey` already made a payout answers that payout.
 */
export class ReservePayoutV1 {
  @IsInt() @Min(1) projectId!: number;
  @IsString() @MaxLength(32) typeKey!: string;
  /** Decimal text as the merchant sent it; payments reads it in the currency's exponent. */
  @Matches(/^\d+(\.\d+)?$/) amount!: string;
  @Matches(/^[A-Z]{3}$/) currency!: string;
  @IsOptional() @IsString() @MaxLength(64) orderId?: string;
  /** What may be shown of the account: a card's mask (first 6 / last 4), else the account. */
  @IsString() @MaxLength(64) accountDisplay!: string;
  /** A card-number account sealed at the gateway for payments (purpose `payout-account`). */
  @IsOptional() @IsString() @MaxLength(4096) sealedAccount?: string;
  /** A card token of payments' vault used instead of a card number. */
  @IsOptional() @IsString() @MaxLength(128) cardToken?: string;
  @IsOptional() @IsString() @MaxLength(255) description?: string;
  /**
   * The signed request that asked (`${projectId}:${signature}`), claimed with the payout: a
   * re-sent command with the same key answers that payout and reserves nothing (ADR 0014).
   */
  @IsOptional() @IsString() @MaxLength(160) requestKey?: string;
}

/**
 * A `payout` task of a processing tree that payouts has checked (ADR 0060): payments reserves it
 * like `payouts.reserve-payout-funds.v1` and answers the orchestrator with the task's result. At most one
 * payout per task, whatever is redelivered (ADR 0017).
 */
export class PayoutTaskCheckedV1 extends ReservePayoutV1 {
  @IsUUID() taskId!: string;
  @IsUUID() globalId!: string;
}

export const PayoutTaskCheckedV1Message = defineMessage(
  'payouts.payout-task-checked.v1',
  Topics.paymentsTaskCommands,
  PayoutTaskCheckedV1,
);

/** A payout's funds are reserved: the payouts service sends it down the rail (key: payout id). */
export class PayoutFundsReservedV1 {
  @IsInt() @Min(1) payoutId!: number;
  @IsInt() @Min(1) projectId!: number;
  @IsString() @MaxLength(32) typeKey!: string;
  @Matches(/^\d+$/) amountMinor!: string;
  @Matches(/^[A-Z]{3}$/) currency!: string;
  /** The masked or plain account; the sandbox rail decides by its last digits (ADR 0011). */
  @IsString() @MaxLength(64) accountDisplay!: string;
  @IsISO8601() reservedAt!: string;
  /** The payouts flow that asked (POST /payout); absent for a processing task's payout. */
  @IsOptional() @IsUUID() flowId?: string;
}

export const PayoutFundsReservedV1Message = defineMessage(
  'payments.payout-funds-reserved.v1',
  Topics.payoutFundsEvents,
  PayoutFundsReservedV1,
);

export const PAYOUT_OUTCOMES = ['completed', 'failed', 'cancelled'] as const;
export type PayoutOutcome = (typeof PAYOUT_OUTCOMES)[number];

/** The rail's final word on a payout: payments posts or releases the reservation (key: payout id). */
export class PayoutSettledV1 {
  @IsInt() @Min(1) payoutId!: number;
  @IsInt() @Min(1) projectId!: number;
  @IsIn(PAYOUT_OUTCOMES) outcome!: PayoutOutcome;
  @IsOptional() @IsString() @MaxLength(255) reason?: string;
  @IsISO8601() settledAt!: string;
}

export const PayoutSettledV1Message = defineMessage(
  'payouts.payout-settled.v1',
  Topics.payoutEvents,
  PayoutSettledV1,
);
