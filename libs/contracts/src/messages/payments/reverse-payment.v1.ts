import { IsInt, IsOptional, IsString, Length, MaxLength, Min } from 'class-validator';
import { defineRequest } from '../../message-definition';
import { Topics } from '../../topics';
import type { CardViewV1 } from './card.v1';
import type { UserSnapshotV1 } from './user-snapshot.v1';

/**
 * POST /transaction/reverse (and the `transaction.reverse` task): reverses `amount` of a payment,
 * named by `id` or by `orderId` (the live payment of that order, else the latest). `amount` is the
 * decimal text as sent; payments reads it in the payment's currency (ADR 0009).
 * `idempotencyKey` is unique per accepted request: a redelivered command reverses once.
 */
export class ReversePaymentV1 {
  @IsString() @Length(1, 128) idempotencyKey!: string;
  @IsInt() @Min(1) projectId!: number;
  @IsOptional() @IsInt() @Min(1) id?: number;
  @IsOptional() @IsString() @MaxLength(64) orderId?: string;
  @IsString() @Length(1, 32) amount!: string;
  @IsOptional() @IsString() @MaxLength(255) comment?: string;
}

/** The response fields of POST /transaction/reverse: the reversal transaction itself. */
export interface ReversalResultV1 {
  success: boolean;
  id: number;
  orderId: string | null;
  /** The reversed payment. */
  referenceId: number | null;
  price: string;
  currency: string;
  type: string;
  status: string;
  fee: string;
  /** Null for a wallet payment (ADR 0008). */
  card: CardViewV1 | null;
  user: UserSnapshotV1;
  createdAt: string;
  updatedAt: string;
}

export const ReversePaymentV1Request = defineRequest<ReversePaymentV1, ReversalResultV1>(
  'payments.reverse-payment.v1',
  Topics.paymentsRequests,
  ReversePaymentV1,
);
