import { percentOfHalfUp } from '../../shared/decimal-math';

export interface RollingReserveSettings {
  /** Decimal text, percent of the payment's gross (e.g. "10"). */
  rollingReservePercent: string;
  /** Days the share is held; 0 holds nothing. */
  rollingReserveDays: number;
}

/** A share of one payment held back until `releaseAt` (ADR 0027). */
export interface RollingReserveHold {
  paymentId: number;
  projectId: number;
  currency: string;
  amountMinor: bigint;
  releaseAt: Date;
}

/**
 * The share of a completed payment held back (ADR 0027): rollingReservePercent of the gross,
 * rounded half up, never more than the merchant's net (gross - fee), so the reserve never takes
 * money the payment did not bring in. Nothing is held for 0 days or 0 percent.
 */
export function reserveShareOf(
  payment: { priceMinor: bigint; feeMinor: bigint },
  settings: RollingReserveSettings,
): bigint {
  if (settings.rollingReserveDays <= 0) return 0n;
  const share = percentOfHalfUp(payment.priceMinor, settings.rollingReservePercent);
  const net = payment.priceMinor - payment.feeMinor;
  if (net <= 0n) return 0n;
  return share < net ? share : net;
}

/** When a share held at `heldAt` comes back: `days` reserve days of `daySeconds` each. */
export const releaseTimeOf = (heldAt: Date, days: number, daySeconds: number): Date =>
  new Date(heldAt.getTime() + days * daySeconds * 1000);
