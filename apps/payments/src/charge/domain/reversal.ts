import { divideHalfUp } from '../../shared/decimal-math';
import type { Transaction } from './transaction';

/** Why a payment cannot be reversed (all answered 405 40504). */
export class ReversalRefused extends Error {
  override readonly name = 'ReversalRefused';
}

/** What reversing part of a payment decides, before anything is written. */
export interface Reversal {
  /** The payment after it: status `refunded` (partial or full), the new reversed total. */
  payment: { status: 'refunded'; reversedMinor: bigint };
  /** The reversal transaction's own amounts: what goes back to the customer and the fee returned. */
  refund: { priceMinor: bigint; feeMinor: bigint };
}

/**
 * The fee a payment keeps after `reversedMinor` of it was returned: the fee in proportion to what
 * is left, rounded half up. Taken cumulatively, so a series of partial reversals returns exactly
 * the whole fee once the whole payment is reversed, whatever the rounding of each step.
 */
const feeReturnedAfter = (payment: Transaction, reversedMinor: bigint): bigint =>
  divideHalfUp(payment.feeMinor * reversedMinor, payment.priceMinor);

/**
 * Reverses `amountMinor` of a payment (ADR 0021, reversals). Only a completed card payment with
 * something left to reverse can be; several partial reversals may add up to the payment, never
 * beyond it. The caller holds the payment's row lock, so `reversedMinor` is current.
 */
export function reverse(payment: Transaction, amountMinor: bigint): Reversal {
  if (payment.type !== 'payment' || payment.originalStatus !== 'completed') {
    throw new ReversalRefused(`transaction ${payment.id} is not a completed payment`);
  }
  if (payment.status !== 'completed' && payment.status !== 'refunded') {
    throw new ReversalRefused(`transaction ${payment.id} is ${payment.status}`);
  }
  if (amountMinor <= 0n) throw new ReversalRefused('the amount to reverse must be above zero');
  const left = payment.priceMinor - payment.reversedMinor;
  if (left === 0n) throw new ReversalRefused(`transaction ${payment.id} is fully reversed`);
  if (amountMinor > left) {
    throw new ReversalRefused(`the amount exceeds what is left to reverse of ${payment.id}`);
  }
  const reversedMinor = payment.reversedMinor + amountMinor;
  const feeMinor =
    feeReturnedAfter(payment, reversedMinor) - feeReturnedAfter(payment, payment.reversedMinor);
  return {
    payment: { status: 'refunded', reversedMinor },
    refund: { priceMinor: amountMinor, feeMinor },
  };
}
