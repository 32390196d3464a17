import { IsInt, IsOptional, IsString, Length, MaxLength, Min } from 'class-validator';
import { defineRequest } from '../../message-definition';
import { Topics } from '../../topics';
import type { TransactionRecordV1 } from './transaction-record.v1';

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

export const ReversePaymentV1Request = defineRequest<ReversePaymentV1, TransactionRecordV1>(
  'payments.reverse-payment.v1',
  Topics.paymentsRequests,
  ReversePaymentV1,
);
