import {
  ArrayMaxSize,
  IsArray,
  IsBoolean,
  IsIn,
  IsInt,
  IsISO8601,
  IsOptional,
  IsString,
  IsUUID,
  Matches,
  Max,
  MaxLength,
  Min,
} from 'class-validator';
import { defineRequest } from '../message-definition';
import { Topics } from '../topics';
import type {
  BalanceHistory,
  DeliveryPage,
  DeliveryView,
  LedgerEntryView,
  ResendDeadResult,
  TaskNodeView,
  TraceSearchPage,
  TraceStep,
  TraceSubject,
} from './money-trace';

/**
 * What the gateway asks each service for its part of a money trace (ADR 0066). Every service
 * answers from its own records what it knows about the ids given; an id it does not know is no
 * error, only an empty part. The ids it learns along the way (a transaction's tree, a tree's
 * transactions, a payment's refunds) come back in `links`, so the gateway can ask the others.
 */
export const TRACE_IDS_MAX = 200;

export class TraceQueryV1 {
  /** Bounds every lookup to one project when set (the merchant's own trace). */
  @IsOptional() @IsInt() @Min(1) projectId?: number;
  @IsOptional()
  @IsArray()
  @ArrayMaxSize(TRACE_IDS_MAX)
  @IsInt({ each: true })
  transactionIds?: number[];
  @IsOptional() @IsString() @MaxLength(64) orderId?: string;
  @IsOptional()
  @IsArray()
  @ArrayMaxSize(TRACE_IDS_MAX)
  @IsUUID('all', { each: true })
  globalIds?: string[];
}

export interface TraceLinksV1 {
  transactionIds: number[];
  globalIds: string[];
  /** What the notifier files deliveries under (transaction ids, GlobalIds, task ids). */
  deliverySubjects: string[];
}

export interface TracePartV1 {
  /** The service's view of the traced subject, when it owns it. */
  subject: TraceSubject | null;
  links: TraceLinksV1;
  steps: TraceStep[];
  ledger: LedgerEntryView[];
  deliveries: DeliveryView[];
  tasks: TaskNodeView[];
}

export const PaymentsTraceV1Request = defineRequest<TraceQueryV1, TracePartV1>(
  'payments.trace.v1',
  Topics.paymentsRequests,
  TraceQueryV1,
);

export const ProcessingTraceV1Request = defineRequest<TraceQueryV1, TracePartV1>(
  'processing-orchestrator.trace.v1',
  Topics.processingRequests,
  TraceQueryV1,
);

export const PayoutsTraceV1Request = defineRequest<TraceQueryV1, TracePartV1>(
  'payouts.trace.v1',
  Topics.payoutsRequests,
  TraceQueryV1,
);

export const UsersTraceV1Request = defineRequest<TraceQueryV1, TracePartV1>(
  'users-recurring.trace.v1',
  Topics.usersRequests,
  TraceQueryV1,
);

export class TraceDeliveriesV1 {
  @IsOptional() @IsInt() @Min(1) projectId?: number;
  @IsOptional()
  @IsArray()
  @ArrayMaxSize(TRACE_IDS_MAX)
  @IsString({ each: true })
  @MaxLength(64, { each: true })
  subjects?: string[];
  @IsOptional() @IsIn(['pending', 'delivered', 'dead']) status?: 'pending' | 'delivered' | 'dead';
  @IsInt() @Min(1) @Max(100) limit!: number;
  /** Opaque: the last page's `nextCursor`. */
  @IsOptional() @IsString() @MaxLength(200) cursor?: string;
}

/** Deliveries with their attempts, newest first; also a trace's notifier part (by subjects). */
export const TraceDeliveriesV1Request = defineRequest<TraceDeliveriesV1, DeliveryPage>(
  'notifier.trace-deliveries.v1',
  Topics.notifierRequests,
  TraceDeliveriesV1,
);

export class GetDeliveryV1 {
  @IsUUID() id!: string;
}

export const GetDeliveryV1Request = defineRequest<GetDeliveryV1, DeliveryView>(
  'notifier.get-delivery.v1',
  Topics.notifierRequests,
  GetDeliveryV1,
);

export const RESEND_DEAD_MAX = 500;

/** Every dead delivery of a project back to pending (ADR 0010 replay); a dry run only lists them. */
export class ResendDeadDeliveriesV1 {
  @IsInt() @Min(1) projectId!: number;
  @IsBoolean() dryRun!: boolean;
}

export const ResendDeadDeliveriesV1Request = defineRequest<
  ResendDeadDeliveriesV1,
  ResendDeadResult
>('notifier.resend-dead-deliveries.v1', Topics.notifierRequests, ResendDeadDeliveriesV1);

export const TRACE_SEARCH_MAX = 100;

export class SearchTransactionsV1 {
  @IsOptional() @IsInt() @Min(1) projectId?: number;
  @IsOptional() @IsString() @MaxLength(32) status?: string;
  @IsOptional() @IsString() @MaxLength(32) type?: string;
  @IsOptional() @IsISO8601() from?: string;
  @IsOptional() @IsISO8601() to?: string;
  /** Decimal amounts in each transaction's own currency (ADR 0009), bounds included. */
  @IsOptional() @Matches(/^\d{1,15}(?:\.\d{1,4})?$/) amountMin?: string;
  @IsOptional() @Matches(/^\d{1,15}(?:\.\d{1,4})?$/) amountMax?: string;
  @IsOptional() @IsString() @MaxLength(3) currency?: string;
  @IsOptional() @IsString() @MaxLength(64) orderIdPrefix?: string;
  @IsOptional() @IsString() @MaxLength(254) email?: string;
  @IsInt() @Min(1) @Max(TRACE_SEARCH_MAX) limit!: number;
  /** Opaque: the last page's `nextCursor`. */
  @IsOptional() @IsString() @MaxLength(40) cursor?: string;
}

export const SearchTransactionsV1Request = defineRequest<SearchTransactionsV1, TraceSearchPage>(
  'payments.search-transactions.v1',
  Topics.paymentsRequests,
  SearchTransactionsV1,
);

/** The statuses of a processing request (ADR 0017); the search compares them without case. */
export const PROCESSING_STATUSES = ['PROCESSING', 'WAITING', 'FINISHED'] as const;

/**
 * The admin search over processing requests (ADR 0066), answered by the orchestrator from its own
 * records: newest first, keyset by creation time and GlobalId. Statuses match without case.
 */
export class SearchProcessingV1 {
  @IsOptional() @IsInt() @Min(1) projectId?: number;
  /** The partner's identifier, exactly. */
  @IsOptional() @IsString() @MaxLength(128) partner?: string;
  @IsOptional() @IsString() @MaxLength(32) status?: string;
  @IsOptional() @IsISO8601() from?: string;
  @IsOptional() @IsISO8601() to?: string;
  /** The start of a GlobalId (hex digits and dashes). */
  @IsOptional() @Matches(/^[0-9a-fA-F-]{1,36}$/) globalIdPrefix?: string;
  @IsInt() @Min(1) @Max(TRACE_SEARCH_MAX) limit!: number;
  /**
   * `<createdAt>_<id>` of the last request seen: the item's own fields, so the gateway, which
   * merges this search with payments' (whose cursor is the last transaction id), can continue
   * after any item of a page.
   */
  @IsOptional() @IsString() @MaxLength(80) cursor?: string;
}

export const SearchProcessingV1Request = defineRequest<SearchProcessingV1, TraceSearchPage>(
  'processing-orchestrator.search-processing.v1',
  Topics.processingRequests,
  SearchProcessingV1,
);

export class BalanceHistoryV1 {
  @IsInt() @Min(1) projectId!: number;
  @IsInt() @Min(1) @Max(366) days!: number;
  @IsOptional() @IsString() @MaxLength(3) currency?: string;
}

export const BalanceHistoryV1Request = defineRequest<BalanceHistoryV1, BalanceHistory>(
  'payments.balance-history.v1',
  Topics.paymentsRequests,
  BalanceHistoryV1,
);
