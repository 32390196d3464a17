import { divideHalfUp } from '../../shared/decimal-math';
import type { Transaction } from './transaction';

/** Why a payment cannot be disputed now (answered 405 40504). */
export class DisputeRefused extends Error {
  override readonly name = 'DisputeRefused';
}

/** The amounts a chargeback decides, before anything is written (ADR 0028). */
export interface Chargeback {
  /** What goes back to the customer: what is left of the payment after its reversals. */
  amountMinor: bigint;
  /** The part of the fee that comes back with it (in proportion, as a reversal returns it). */
  feeMinor: bigint;
  /** The penalty: the payment's whole fee; none when it had no fee. */
  penaltyMinor: bigint;
}

const feeReturnedAfter = (payment: Transaction, reversedMinor: bigint): bigint =>
  divideHalfUp(payment.feeMinor * reversedMinor, payment.priceMinor);

/**
 * A chargeback takes what is left of a completed payment (after any reversals) back to the
 * customer: the merchant loses it net of the fee in proportion, exactly as a reversal of that part,
 * and pays a penalty equal to the payment's fee (ADR 0028). The caller holds the payment's lock.
 */
export function chargeBack(payment: Transaction): Chargeback {
  if (payment.type !== 'payment' || payment.originalStatus !== 'completed') {
    throw new DisputeRefused(`transaction ${payment.id} is not a completed payment`);
  }
  if (payment.status !== 'completed' && payment.status !== 'refunded') {
    throw new DisputeRefused(`transaction ${payment.id} is ${payment.status}`);
  }
  const amountMinor = payment.priceMinor - payment.reversedMinor;
  if (amountMinor <= 0n) {
    throw new DisputeRefused(`transaction ${payment.id} is fully reversed`);
  }
  const feeMinor = payment.feeMinor - feeReturnedAfter(payment, payment.reversedMinor);
  const penaltyMinor = payment.feeMinor > 0n ? payment.feeMinor : 0n;
  return { amountMinor, feeMinor, penaltyMinor };
}

/**
 * A retrieval (the dispute won) brings the chargeback's amount back to the merchant; the penalty
 * stays taken (ADR 0028). Only a charged-back payment can be retrieved.
 */
export function retrieve(payment: Transaction, chargeback: Transaction | undefined) {
  if (payment.status !== 'charged_back' || !chargeback) {
    throw new DisputeRefused(`transaction ${payment.id} is not charged back`);
  }
  return { amountMinor: chargeback.priceMinor, feeMinor: chargeback.feeMinor };
}
