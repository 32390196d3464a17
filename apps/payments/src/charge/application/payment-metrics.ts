import type { CounterDefinition } from '@opp/observability';

/** Every status a charge reaches (opened rows are not counted: every charge starts there). */
export const TRANSACTION_STATUS_CHANGES: CounterDefinition<'type' | 'status' | 'currency'> = {
  name: 'opp_payments_transactions_total',
  help: 'Transaction status changes, by transaction type, the status reached and currency',
  labelNames: ['type', 'status', 'currency'],
};
