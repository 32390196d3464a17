import type { CardViewV1, RecurringViewV1, UserSnapshotV1 } from '@opp/contracts';
import type {
  ChargeOptions,
  Transaction,
  TransactionStatus,
  TransactionType,
  WalletCheckout,
} from '../domain/transaction';

/** A row of `transactions` as pg returns it (bigint columns come back as text). */
export interface TransactionRow {
  id: string;
  project_id: number;
  idempotency_key: string;
  order_id: string | null;
  reference_id: string | null;
  type: TransactionType;
  method: Transaction['method'];
  status: TransactionStatus;
  original_status: TransactionStatus;
  reason: string | null;
  price_minor: string;
  fee_minor: string;
  reversed_minor: string;
  currency: string;
  description: string;
  user_snapshot: UserSnapshotV1;
  card_id: string | null;
  card_view: CardViewV1 | null;
  attributes: Record<string, string>;
  sandbox: boolean;
  options: ChargeOptions;
  permanent_token_id: string | null;
  recurring: RecurringViewV1 | null;
  md: string | null;
  pa_req: string | null;
  term_url: string | null;
  settle_at: Date | null;
  task_id: string | null;
  task_global_id: string | null;
  checkout: WalletCheckout | null;
  created_at: Date;
  updated_at: Date;
}

export const TransactionMapper = {
  toDomain(row: TransactionRow): Transaction {
    return {
      id: Number(row.id),
      projectId: row.project_id,
      idempotencyKey: row.idempotency_key,
      orderId: row.order_id,
      referenceId: row.reference_id === null ? null : Number(row.reference_id),
      type: row.type,
      method: row.method,
      status: row.status,
      originalStatus: row.original_status,
      reason: row.reason,
      priceMinor: BigInt(row.price_minor),
      feeMinor: BigInt(row.fee_minor),
      reversedMinor: BigInt(row.reversed_minor),
      currency: row.currency.trim(),
      description: row.description,
      user: row.user_snapshot,
      cardId: row.card_id,
      card: row.card_view,
      attributes: row.attributes,
      sandbox: row.sandbox,
      options: row.options,
      permanentTokenId: row.permanent_token_id,
      recurring: row.recurring,
      acs:
        row.md === null
          ? null
          : { md: row.md, paReq: row.pa_req ?? '', termUrl: row.term_url ?? '' },
      settleAt: row.settle_at,
      task:
        row.task_id && row.task_global_id
          ? { taskId: row.task_id, globalId: row.task_global_id }
          : null,
      checkout: row.checkout,
      createdAt: row.created_at,
      updatedAt: row.updated_at,
    };
  },
};
