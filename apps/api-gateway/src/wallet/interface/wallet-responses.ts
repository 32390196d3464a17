import type { TransactionRecordV1 } from '@opp/contracts';
import { priceOf } from '../../transaction/interface/transaction-responses';

/** POST /transaction/create: the spec types `id` as a string and `amount` as a float (ADR 0008). */
export function toWalletTransactionResponse(record: TransactionRecordV1) {
  return {
    id: String(record.id),
    amount: Number(priceOf(record)),
    currency: record.currency,
    status: record.status,
  };
}
