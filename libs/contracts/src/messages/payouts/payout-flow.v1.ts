import {
  IsInt,
  IsOptional,
  IsString,
  IsUUID,
  Length,
  Matches,
  MaxLength,
  Min,
} from 'class-validator';
import { defineMessage, defineRequest } from '../../message-definition';
import { Topics } from '../../topics';
import { ReservePayoutV1 } from '../payments/payout-funds.v1';
import { CheckPayoutV1 } from './payout-catalogue.v1';

/**
 * POST /payout as one command to payouts, which owns the payout's flow (ADR 0060): it checks the
 * order against the rules of its type, records the flow under `requestKey` and asks payments to
 * reserve the funds. The same command again (the gateway waiting, or the merchant's retry after a
 * 503) answers the flow's outcome, or `pending` while payments has not answered yet.
 */
export class CreatePayoutV1 extends CheckPayoutV1 {
  /** `${projectId}:${signature}`: the one idempotency key of the signed request (ADR 0014). */
  @IsString() @Length(1, 160) requestKey!: string;
  /** Decimal text as the merchant sent it; payments reads it in the currency's exponent. */
  @Matches(/^\d+(\.\d+)?$/) amount!: string;
  @IsOptional() @IsString() @MaxLength(64) orderId?: string;
  /** What may be shown of the account: a card's mask (first 6 / last 4), else the account. */
  @IsString() @MaxLength(64) accountDisplay!: string;
  /** A card-number account sealed at the gateway for payments (purpose `payout-account`). */
  @IsOptional() @IsString() @MaxLength(4096) sealedAccount?: string;
  @IsOptional() @IsString() @MaxLength(128) cardToken?: string;
  @IsOptional() @IsString() @MaxLength(255) description?: string;
}

/** Where a payout's flow stands: still reserving, or accepted as payout `id` (a refusal is an error). */
export type PayoutFlowAnswerV1 =
  { state: 'pending' } | { state: 'accepted'; id: number; status: 'processing' };

export const CreatePayoutV1Request = defineRequest<CreatePayoutV1, PayoutFlowAnswerV1>(
  'payouts.create-payout.v1',
  Topics.payoutsRequests,
  CreatePayoutV1,
);

/**
 * Payouts asks payments to reserve a flow's funds (key: flow id). Payments claims the flow id with
 * the payout, so a redelivered command reserves nothing twice, and answers by
 * `payments.payout-funds-reserved.v1` or `payments.payout-funds-refused.v1`.
 */
export class ReservePayoutFundsV1 extends ReservePayoutV1 {
  @IsUUID() flowId!: string;
}

export const ReservePayoutFundsV1Message = defineMessage(
  'payouts.reserve-payout-funds.v1',
  Topics.paymentsPayoutCommands,
  ReservePayoutFundsV1,
);

/** Payments refused a flow's reservation (40313, 40501, ...): nothing was reserved (key: flow id). */
export class PayoutFundsRefusedV1 {
  @IsUUID() flowId!: string;
  @IsInt() @Min(1) projectId!: number;
  @IsInt() code!: number;
  @IsString() @MaxLength(512) message!: string;
}

export const PayoutFundsRefusedV1Message = defineMessage(
  'payments.payout-funds-refused.v1',
  Topics.payoutFundsEvents,
  PayoutFundsRefusedV1,
);
