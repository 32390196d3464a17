import { Injectable } from '@nestjs/common';
import type {
  LedgerEntryView,
  TracePartV1,
  TraceQueryV1,
  TraceStep,
  TraceSubject,
} from '@opp/contracts';
import { formatAmount, formatPrice } from '@opp/money';
import type { UnitOfWork } from '@opp/persistence';
import { PaymentsTraceStore, type TracedEntry, type TracedTransaction } from './trace.store';
import { transactionFacts } from './transaction-facts';

const SERVICE = 'payments' as const;

/**
 * Payments' part of a money trace (ADR 0066): the transactions and payouts, every state they
 * entered, and every journal entry booking them with its postings and the merchant balances
 * after it. The subject is the transaction asked for, or the latest one of the order.
 */
@Injectable()
export class PaymentsTraceUseCase {
  constructor(private readonly store: PaymentsTraceStore) {}

  async execute(work: UnitOfWork, query: TraceQueryV1): Promise<TracePartV1> {
    const lookup = {
      ...(query.projectId !== undefined ? { projectId: query.projectId } : {}),
      transactionIds: query.transactionIds ?? [],
      ...(query.orderId !== undefined ? { orderId: query.orderId } : {}),
      globalIds: query.globalIds ?? [],
    };
    const transactions = await this.store.transactions(work, lookup);
    const ids = transactions.map((t) => t.id);
    const states = await this.store.states(work, ids);
    const entries = await this.store.entries(work, ids);
    const byId = new Map(transactions.map((t) => [t.id, t]));
    const ledger = entries.map(ledgerView);
    const steps: TraceStep[] = [
      ...states.map((state) => {
        const transaction = byId.get(state.subjectId);
        return {
          at: state.at.toISOString(),
          service: SERVICE,
          kind: 'state' as const,
          title: `${transaction?.type ?? state.table} ${state.subjectId} → ${state.status}${
            state.reason ? ` (${state.reason})` : ''
          }`,
          detail: {
            aggregate: state.table === 'payouts' ? 'payout' : 'payment',
            id: state.subjectId,
            type: transaction?.type ?? null,
            status: state.status,
            reason: state.reason,
            ...(transaction
              ? {
                  amount: formatPrice(transaction.priceMinor, transaction.currency),
                  currency: transaction.currency,
                  card: transaction.cardView,
                }
              : {}),
          },
        };
      }),
      ...entries.map((entry, index) => journalStep(entry, ledger[index])),
    ];
    return {
      subject: subjectOf(query, transactions),
      links: {
        transactionIds: ids,
        globalIds: [
          ...new Set(transactions.flatMap((t) => (t.taskGlobalId ? [t.taskGlobalId] : []))),
        ],
        deliverySubjects: [
          ...ids.map(String),
          ...transactions.flatMap((t) => (t.taskId ? [t.taskId] : [])),
        ],
      },
      steps,
      ledger,
      deliveries: [],
      tasks: [],
    };
  }
}

function subjectOf(query: TraceQueryV1, transactions: TracedTransaction[]): TraceSubject | null {
  const asked = query.transactionIds?.[0];
  if (asked !== undefined) {
    const found = transactions.find((t) => t.id === asked);
    return found ? view('transaction', String(found.id), found) : null;
  }
  if (query.orderId !== undefined) {
    const ofOrder = transactions.filter((t) => t.orderId === query.orderId);
    const latest = ofOrder[ofOrder.length - 1];
    return latest ? view('order', query.orderId, latest) : null;
  }
  return null;
}

function view(kind: 'transaction' | 'order', id: string, t: TracedTransaction): TraceSubject {
  return { kind, id, ...transactionFacts(t) };
}

function ledgerView(entry: TracedEntry): LedgerEntryView {
  const balances = new Map<string, { account: string; balance: string; currency: string }>();
  for (const line of entry.lines) {
    if (line.balanceAfter === null) continue;
    balances.set(`${line.account} ${line.currency}`, {
      account: line.account,
      balance: formatAmount(line.balanceAfter, line.currency),
      currency: line.currency,
    });
  }
  return {
    id: entry.id,
    at: entry.at.toISOString(),
    kind: entry.kind,
    transactionId: entry.transactionId,
    postings: entry.lines.map((line) => ({
      account: line.account,
      direction: line.debit > 0n ? ('debit' as const) : ('credit' as const),
      amount: formatAmount(line.debit > 0n ? line.debit : line.credit, line.currency),
      currency: line.currency,
    })),
    balancesAfter: [...balances.values()],
  };
}

function journalStep(entry: TracedEntry, view: LedgerEntryView): TraceStep {
  // An entry's size: what its debits move (the journal keeps them equal to its credits).
  const first = entry.lines[0];
  const currency = first?.currency ?? '';
  const moved = entry.lines
    .filter((l) => l.currency === currency)
    .reduce((sum, l) => sum + l.debit, 0n);
  const amount = formatAmount(moved, currency);
  return {
    at: view.at,
    service: SERVICE,
    kind: 'journal',
    title: `journal ${entry.kind} ${amount} ${currency}${
      entry.transactionId !== null ? ` for ${entry.transactionId}` : ''
    }`,
    detail: {
      entryId: entry.id,
      kind: entry.kind,
      transactionId: entry.transactionId,
      amount,
      currency,
      postings: view.postings,
      balancesAfter: view.balancesAfter,
    },
  };
}
