// The admin trace shapes the console reads (ADR 0066), from the contracts library: its tsconfig
// maps `@opp/contracts` to the trace types alone, which import nothing, and only types cross
// (they are erased from the bundle).
export type {
  BalanceHistory,
  BalanceHistoryDay as BalanceDay,
  DeliveryPage,
  DeliveryView,
  LedgerEntryView,
  MoneyTrace,
  ResendDeadResult,
  TaskNodeView,
  TraceSearchItem,
  TraceSearchPage,
  TraceSearchResult,
  TraceStep,
} from '@opp/contracts';
