import { IsInt, Max, Min } from 'class-validator';
import { Env, KeepsSpecValueInProduction, serviceConfig } from '@opp/config';

export const SECONDS_PER_DAY = 86400;

export class UsersRecurringConfig extends serviceConfig(
  'USERS_RECURRING',
  3001,
  'opp_users_recurring',
) {
  /**
   * The length of a recurring "day" (intervals, trials, frequency, retries; ADR 0012). Tests
   * shorten it to see a schedule run; production refuses anything but a real day.
   */
  @Env('RECURRING_DAY_SECONDS', { default: String(SECONDS_PER_DAY) })
  @IsInt()
  @Min(1)
  @Max(SECONDS_PER_DAY)
  @KeepsSpecValueInProduction(SECONDS_PER_DAY)
  recurringDaySeconds: number;

  /** Pause of the automatic recurring scheduler between sweeps when nothing is due. */
  @Env('RECURRING_SWEEP_INTERVAL_MS', { default: '1000' })
  @IsInt()
  @Min(50)
  @Max(600_000)
  recurringSweepIntervalMs: number;

  /**
   * How long a recurring charge flow waits for payments' answer before its reservation of the
   * user's frequency window is released (ADR 0060). Far beyond a charge's normal seconds, so that a
   * late charge (still counted when it comes) is rare.
   */
  @Env('RECURRING_CHARGE_DEADLINE_MS', { default: '120000' })
  @IsInt()
  @Min(1000)
  @Max(86_400_000)
  recurringChargeDeadlineMs: number;
}
