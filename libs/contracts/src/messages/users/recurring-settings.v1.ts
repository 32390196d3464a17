import { IsInt, IsOptional, IsString, Length, Matches, Max, Min } from 'class-validator';
import { defineRequest } from '../../message-definition';
import { Topics } from '../../topics';

/** The answer of POST /user/changeRecurring and /user/cancelRecurring. */
export interface RecurringSettingsResultV1 {
  success: boolean;
}

/**
 * POST /user/changeRecurring: any of interval, price (with currency) for the user's subscription.
 * `price` is the decimal text checked by the gateway against the currency (ADR 0009).
 */
export class ChangeRecurringV1 {
  @IsInt() @Min(1) projectId!: number;
  @IsString() @Length(1, 32) userId!: string;
  /** Days between automatic charges; 0 leaves only manual recurring. */
  @IsOptional() @IsInt() @Min(0) @Max(3650) interval?: number;
  @IsOptional() @Matches(/^\d+(\.\d+)?$/) price?: string;
  @IsOptional() @Matches(/^[A-Z]{3}$/) currency?: string;
}

export const ChangeRecurringV1Request = defineRequest<ChangeRecurringV1, RecurringSettingsResultV1>(
  'users.change-recurring.v1',
  Topics.usersRequests,
  ChangeRecurringV1,
);

/** POST /user/cancelRecurring: no repeated payment after it (ADR 0012: 403 40310). */
export class CancelRecurringV1 {
  @IsInt() @Min(1) projectId!: number;
  @IsString() @Length(1, 32) userId!: string;
}

export const CancelRecurringV1Request = defineRequest<CancelRecurringV1, RecurringSettingsResultV1>(
  'users.cancel-recurring.v1',
  Topics.usersRequests,
  CancelRecurringV1,
);

/**
 * Before POST /card/processRecurring charges: users-recurring applies the subscription's rules
 * (ADR 0012: 40405, 40310, 40311, 40502) and records the charge against `frequency`. The same
 * `idempotencyKey` (one signed request) is granted again, so a retry is not "too frequent".
 */
export class ReserveRecurringChargeV1 {
  @IsInt() @Min(1) projectId!: number;
  @IsString() @Length(1, 32) userId!: string;
  @IsString() @Length(1, 160) idempotencyKey!: string;
}

export interface RecurringChargeGrantV1 {
  /** The permanent card token of the subscription (payments' vault). */
  permanentTokenId: string;
  /** The charge that subscribed the user: the recurring charge's referenceId. */
  subscriptionTransactionId: number;
}

export const ReserveRecurringChargeV1Request = defineRequest<
  ReserveRecurringChargeV1,
  RecurringChargeGrantV1
>('users.reserve-recurring-charge.v1', Topics.usersRequests, ReserveRecurringChargeV1);
