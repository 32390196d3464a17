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
