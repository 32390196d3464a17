import { Type } from 'class-transformer';
import {
  IsIn,
  IsInt,
  IsOptional,
  IsString,
  IsUrl,
  Length,
  Matches,
  MaxLength,
  Min,
  ValidateNested,
} from 'class-validator';
import { defineRequest } from '../../message-definition';
import { Topics } from '../../topics';
import type { TransactionRecordV1 } from './transaction-record.v1';
import { UserSnapshotV1 } from './user-snapshot.v1';

/** ADR 0008: the seven wallet-type `payment_method` keys; `mobile_wallet` needs a phone. */
export const WALLET_METHODS = [
  'e_wallet',
  'mobile_wallet',
  'online_banking',
  'bank_transfer',
  'prepaid_voucher',
  'qr_payment',
  'crypto_wallet',
] as const;
export type WalletMethod = (typeof WALLET_METHODS)[number];

const HTTP_URL = { require_tld: false, require_protocol: true, protocols: ['http', 'https'] };

/**
 * POST /transaction/create: a wallet-type transaction, `opened` until the user confirms or cancels
 * it on the checkout page (ADR 0008). `idempotencyKey` is unique per accepted request.
 */
export class CreateWalletTransactionV1 {
  @IsString() @Length(1, 128) idempotencyKey!: string;
  @IsInt() @Min(1) projectId!: number;
  @ValidateNested() @Type(() => UserSnapshotV1) user!: UserSnapshotV1;
  @IsIn(WALLET_METHODS) paymentMethod!: WalletMethod;
  /** Minor units of `currency`, checked at the gateway (ADR 0031). */
  @Matches(/^\d{1,19}$/) priceMinor!: string;
  @Matches(/^[A-Z]{3}$/) currency!: string;
  @IsOptional() @IsString() @MaxLength(64) orderId?: string;
  @IsString() @Length(1, 1024) description!: string;
  @IsOptional() @Matches(/^\d{4,20}$/) phone?: string;
  @IsUrl(HTTP_URL) @MaxLength(2048) successUrl!: string;
  @IsUrl(HTTP_URL) @MaxLength(2048) failUrl!: string;
}

/** The checkout page of one wallet transaction (ADR 0008): unauthenticated, by id only. */
export class GetCheckoutV1 {
  @IsInt() @Min(1) transactionId!: number;
}

export const CHECKOUT_ACTIONS = ['confirm', 'cancel'] as const;
export type CheckoutAction = (typeof CHECKOUT_ACTIONS)[number];

/** The user's answer on the checkout page. */
export class FinishCheckoutV1 {
  @IsInt() @Min(1) transactionId!: number;
  @IsIn(CHECKOUT_ACTIONS) action!: CheckoutAction;
}

/** What the checkout page shows, and where it sends the user once the transaction is decided. */
export interface CheckoutViewV1 {
  id: number;
  price: string;
  currency: string;
  method: WalletMethod;
  description: string;
  status: string;
  successUrl: string;
  failUrl: string;
  /** Where the user goes now: null while the transaction is opened. */
  returnUrl: string | null;
}

export const CreateWalletTransactionV1Request = defineRequest<
  CreateWalletTransactionV1,
  TransactionRecordV1
>('payments.create-wallet-transaction.v1', Topics.paymentsRequests, CreateWalletTransactionV1);

export const GetCheckoutV1Request = defineRequest<GetCheckoutV1, CheckoutViewV1>(
  'payments.get-checkout.v1',
  Topics.paymentsRequests,
  GetCheckoutV1,
);

export const FinishCheckoutV1Request = defineRequest<FinishCheckoutV1, CheckoutViewV1>(
  'payments.finish-checkout.v1',
  Topics.paymentsRequests,
  FinishCheckoutV1,
);
