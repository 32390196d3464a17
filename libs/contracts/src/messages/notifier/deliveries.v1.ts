import { IsIn, IsInt, IsOptional, IsUUID, Max, Min } from 'class-validator';
import { defineRequest } from '../../message-definition';
import { Topics } from '../../topics';

/**
 * The notifier's deliveries (ADR 0010), as the admin API shows them. A delivery is one thing to
 * deliver (a merchant callback, a partner notification, a message of the `message.send` task
 * function) with its attempts; `pending` waits for its next attempt, `succeeded` got a 2xx (or the
 * mail server took the mail), `dead` ran out of retries and waits for an operator to replay it.
 */
export const DELIVERY_KINDS = [
  'merchant-callback',
  'partner-notification',
  'message-webhook',
  'message-email',
] as const;
export type DeliveryKind = (typeof DELIVERY_KINDS)[number];

export const DELIVERY_STATUSES = ['pending', 'succeeded', 'dead'] as const;
export type DeliveryStatus = (typeof DELIVERY_STATUSES)[number];

export interface DeliveryViewV1 {
  id: string;
  kind: DeliveryKind;
  status: DeliveryStatus;
  projectId: number | null;
  partnerIdentifier: string | null;
  /** What the delivery is about: transaction id, globalId, or task id. */
  subject: string;
  /** GET, POST or SMTP. */
  method: string;
  /** The URL or e-mail address. */
  target: string;
  attempts: number;
  lastError: string | null;
  lastHttpStatus: number | null;
  nextAttemptAt: string | null;
  createdAt: string;
  updatedAt: string;
  succeededAt: string | null;
  deadAt: string | null;
}

export const DELIVERIES_PAGE_DEFAULT = 20;
export const DELIVERIES_PAGE_MAX = 100;

export class ListDeliveriesV1 {
  @IsOptional() @IsIn(DELIVERY_STATUSES) status?: DeliveryStatus;
  @IsOptional() @IsIn(DELIVERY_KINDS) kind?: DeliveryKind;
  @IsOptional() @IsInt() @Min(1) projectId?: number;
  @IsInt() @Min(1) page!: number;
  @IsInt() @Min(1) @Max(DELIVERIES_PAGE_MAX) limit!: number;
}

/** Newest first. */
export interface DeliveryListV1 {
  totalCount: number;
  page: number;
  limit: number;
  deliveries: DeliveryViewV1[];
}

export const ListDeliveriesV1Request = defineRequest<ListDeliveriesV1, DeliveryListV1>(
  'notifier.list-deliveries.v1',
  Topics.notifierRequests,
  ListDeliveriesV1,
);

/**
 * Puts a dead delivery back to `pending` with a fresh retry schedule, the same parameters and the
 * same signature. Unknown id: 40408; a delivery that is not dead: 40017.
 */
export class ReplayDeliveryV1 {
  @IsUUID() id!: string;
}

export const ReplayDeliveryV1Request = defineRequest<ReplayDeliveryV1, DeliveryViewV1>(
  'notifier.replay-delivery.v1',
  Topics.notifierRequests,
  ReplayDeliveryV1,
);
