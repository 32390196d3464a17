import type { Transaction } from '../../src/charge/domain/transaction';

/**
 * A completed card payment of 10.00 EUR with its 0.55 fee and nothing reversed yet, as the specs
 * of what later happens to a payment (reversals, disputes) start from; only the fields they read.
 */
export const completedPayment = (fields: Partial<Transaction> = {}): Transaction =>
  ({
    id: 10,
    projectId: 7,
    type: 'payment',
    status: 'completed',
    originalStatus: 'completed',
    priceMinor: 1000n,
    feeMinor: 55n,
    reversedMinor: 0n,
    currency: 'EUR',
    ...fields,
  }) as Transaction;
