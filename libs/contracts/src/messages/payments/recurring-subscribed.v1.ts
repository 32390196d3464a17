import { IsInt, IsISO8601, IsString, Length, Matches, Max, Min } from 'class-validator';
import { defineMessage } from '../../message-definition';
import { Topics } from '../../topics';

/**
 * A charge with `recurring=1` succeeded: users-recurring records (or replaces) the user's
 * subscription. Travels on the recurring events topic; key `<projectId>:<userId>` so that one
 * user's subscriptions apply in order. `price` is the decimal text in `currency` (exact).
 */
export class RecurringSubscribedV1 {
  @IsInt() @Min(1) projectId!: number;
  @IsString() @Length(1, 32) userId!: string;
  /** The charge that subscribed the user. */
  @IsInt() @Min(1) transactionId!: number;
  /** recurring_interval: days between automatic charges; 0 = manual recurring only. */
  @IsInt() @Min(0) @Max(3650) interval!: number;
  /** recurring_trial: days before the first automatic charge. */
  @IsInt() @Min(0) @Max(3650) trial!: number;
  @Matches(/^\d+(\.\d+)?$/) price!: string;
  @Matches(/^[A-Z]{3}$/) currency!: string;
  /** The permanent card token that repeated charges use (payments' vault). */
  @IsString() @Length(1, 128) permanentTokenId!: string;
  /** ADR 0012: minimal days between two recurring charges (project setting recurringMinDays). */
  @IsInt() @Min(0) frequency!: number;
  /** ADR 0012: last moment repeated payments are allowed. */
  @IsISO8601() endsAt!: string;
  @IsISO8601() subscribedAt!: string;
}

export const RecurringSubscribedV1Message = defineMessage(
  'payments.recurring-subscribed.v1',
  Topics.recurringEvents,
  RecurringSubscribedV1,
);
