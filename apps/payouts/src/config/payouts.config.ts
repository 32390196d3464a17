import { IsInt, Max, Min } from 'class-validator';
import { Env, serviceConfig } from '@opp/config';

/** ADR 0011: sandbox payouts settle within 5 seconds. */
export const SANDBOX_SETTLE_LIMIT_MS = 5000;

export class PayoutsConfig extends serviceConfig('PAYOUTS', 3003, 'opp_payouts') {
  /**
   * How long the sandbox payout rail takes to answer after the funds are reserved. Below the 5
   * seconds of ADR 0011, leaving room for the polling interval and the trip back to payments.
   */
  @Env('PAYOUTS_SANDBOX_SETTLE_MS', { default: '1500' })
  @IsInt()
  @Min(0)
  @Max(SANDBOX_SETTLE_LIMIT_MS - 1000)
  sandboxSettleMs: number;

  /**
   * How long a payout's flow waits for payments to reserve its funds (ADR 0060). Past it the flow
   * expires (the merchant's retry answers 503, nothing is paid out) and a reservation that still
   * comes is cancelled back to the balance.
   */
  @Env('PAYOUTS_FLOW_DEADLINE_MS', { default: '60000' })
  @IsInt()
  @Min(1000)
  @Max(3_600_000)
  flowDeadlineMs: number;
}
