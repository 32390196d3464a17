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
}
