import { IsIn, IsInt, IsObject, IsString, Matches, MaxLength, Min } from 'class-validator';
import { defineRequest } from '../../message-definition';
import { Topics } from '../../topics';

/** The Payout-type object of the spec (ADR 0011). */
export interface PayoutTypeV1 {
  id: number;
  key: string;
  label: string;
}

/** The Payout-parameter-control object of the spec; `type` tells the format (ADR 0011). */
export interface PayoutParameterControlV1 {
  name: string;
  type: string;
  label: string;
  required: boolean;
}

export class ListPayoutTypesV1 {
  @IsInt() @Min(1) projectId!: number;
}

export const ListPayoutTypesV1Request = defineRequest<ListPayoutTypesV1, PayoutTypeV1[]>(
  'payouts.list-payout-types.v1',
  Topics.payoutsRequests,
  ListPayoutTypesV1,
);

/**
 * GET /payout-parameters as payouts reads it. `account` is what the merchant sent: for a card
 * payout only the BIN (the gateway never forwards more of a card number than its first 6 digits).
 */
export class GetPayoutParametersV1 {
  @IsInt() @Min(1) projectId!: number;
  @IsInt() @Min(1) typeId!: number;
  @IsString() @MaxLength(64) account!: string;
  @Matches(/^[A-Z]{3}$/) currency!: string;
}

export const GetPayoutParametersV1Request = defineRequest<
  GetPayoutParametersV1,
  PayoutParameterControlV1[]
>('payouts.get-payout-parameters.v1', Topics.payoutsRequests, GetPayoutParametersV1);

/** How a payout names its recipient; a card number never travels in clear (docs/security). */
export const PAYOUT_ACCOUNT_KINDS = ['card-number', 'card-token', 'account'] as const;
export type PayoutAccountKind = (typeof PAYOUT_ACCOUNT_KINDS)[number];

/**
 * What payouts checks of a payout order against the rules of its type before any money is
 * reserved: every required parameter present (40016) and well formed (40017). For a card the
 * account is the BIN (first 6 digits) only.
 */
export class CheckPayoutV1 {
  @IsInt() @Min(1) projectId!: number;
  @IsInt() @Min(1) typeId!: number;
  @IsIn(PAYOUT_ACCOUNT_KINDS) accountKind!: PayoutAccountKind;
  /** The BIN for a card number, empty for a card token, else the whole account. */
  @IsString() @MaxLength(64) account!: string;
  @Matches(/^[A-Z]{3}$/) currency!: string;
  @IsObject() parameters!: Record<string, string>;
}

export interface CheckedPayoutV1 {
  typeKey: string;
}
