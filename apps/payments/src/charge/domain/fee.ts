import { decimalToMinorHalfUp, percentOfHalfUp } from '../../shared/decimal-math';

export interface FeeSettings {
  /** Percent of the gross amount, decimal text (e.g. "2.5"). */
  feePercent: string;
  /** Fixed part in units of the charge's currency, decimal text (e.g. "0.30"). */
  feeFixed: string;
}

/**
 * The merchant's fee on a charge: feePercent of the gross rounded half-up to minor units, plus
 * feeFixed (taken in the charge's currency, rounded half-up to its minor units: no FX here).
 */
export function feeFor(grossMinor: bigint, exponent: number, settings: FeeSettings): bigint {
  return (
    percentOfHalfUp(grossMinor, settings.feePercent) +
    decimalToMinorHalfUp(settings.feeFixed, exponent)
  );
}
