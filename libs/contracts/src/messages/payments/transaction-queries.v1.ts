import { IsInt, IsISO8601, IsOptional, IsString, Max, MaxLength, Min } from 'class-validator';
import { defineRequest } from '../../message-definition';
import { Topics } from '../../topics';
import type { TransactionRecordV1 } from './transaction-record.v1';

/** One transaction, by id or by the merchant's order id (the latest with that order id). */
export class GetTransactionV1 {
  @IsInt() @Min(1) projectId!: number;
  @IsOptional() @IsInt() @Min(1) id?: number;
  @IsOptional() @IsString() @MaxLength(64) orderId?: string;
}

export const GetTransactionV1Request = defineRequest<GetTransactionV1, TransactionRecordV1>(
  'payments.get-transaction.v1',
  Topics.paymentsRequests,
  GetTransactionV1,
);

export const TRANSACTIONS_PAGE_DEFAULT = 20;
export const TRANSACTIONS_PAGE_MAX = 100;

export class ListTransactionsV1 {
  @IsInt() @Min(1) projectId!: number;
  @IsString() @MaxLength(64) orderId!: string;
  @IsOptional() @IsString() @MaxLength(32) status?: string;
  @IsOptional() @IsString() @MaxLength(32) type?: string;
  @IsOptional() @IsISO8601() createdFrom?: string;
  @IsOptional() @IsISO8601() createdTo?: string;
  @IsOptional() @IsISO8601() updatedFrom?: string;
  @IsOptional() @IsISO8601() updatedTo?: string;
  @IsInt() @Min(1) page!: number;
  @IsInt() @Min(1) @Max(TRANSACTIONS_PAGE_MAX) limit!: number;
}

export interface TransactionListV1 {
  totalCount: number;
  transactions: TransactionRecordV1[];
}

export const ListTransactionsV1Request = defineRequest<ListTransactionsV1, TransactionListV1>(
  'payments.list-transactions.v1',
  Topics.paymentsRequests,
  ListTransactionsV1,
);

export class GetBalanceV1 {
  @IsInt() @Min(1) projectId!: number;
  @IsOptional() @IsString() @MaxLength(3) currency?: string;
}

/** GET /balance: every amount a decimal string. */
export interface BalanceViewV1 {
  amount: string;
  rolling_reserve: string;
  currency: string;
  base_amount: string;
  base_rolling_reserve: string;
}

export const GetBalanceV1Request = defineRequest<GetBalanceV1, BalanceViewV1>(
  'payments.get-balance.v1',
  Topics.paymentsRequests,
  GetBalanceV1,
);
