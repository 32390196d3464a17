import { Injectable } from '@nestjs/common';
import type {
  BalanceHistory,
  BalanceHistoryV1,
  SearchTransactionsV1,
  TraceSearchPage,
} from '@opp/contracts';
import { ErrorCode } from '@opp/errors';
import { formatAmount, isCurrencyCode } from '@opp/money';
import type { UnitOfWork } from '@opp/persistence';
import { ProjectSettingsStore } from '../../project/application/project-settings.store';
import { Refusal } from '@opp/contracts';
import { transactionFacts } from './transaction-facts';
import { PaymentsSearchStore } from './trace.store';

/** The admin search of transactions (ADR 0066), newest first; the cursor is the last id seen. */
@Injectable()
export class SearchTransactionsUseCase {
  constructor(private readonly store: PaymentsSearchStore) {}

  async execute(work: UnitOfWork, query: SearchTransactionsV1): Promise<TraceSearchPage> {
    const beforeId = query.cursor === undefined ? undefined : Number(query.cursor);
    if (beforeId !== undefined && !(Number.isSafeInteger(beforeId) && beforeId > 0)) {
      throw new Refusal(ErrorCode.InvalidParameter, 'cursor is not one this search gave');
    }
    const rows = await this.store.search(work, {
      ...query,
      limit: query.limit + 1,
      ...(beforeId !== undefined ? { beforeId } : {}),
    });
    const page = rows.slice(0, query.limit);
    const last = page[page.length - 1];
    return {
      items: page.map((t) => ({
        kind: 'transaction',
        id: String(t.id),
        ...transactionFacts(t),
        createdAt: t.createdAt.toISOString(),
      })),
      nextCursor: rows.length > query.limit && last ? String(last.id) : null,
    };
  }
}

/** A project's balance day by day, from the ledger (ADR 0066). */
@Injectable()
export class BalanceHistoryUseCase {
  constructor(
    private readonly store: PaymentsSearchStore,
    private readonly projects: ProjectSettingsStore,
  ) {}

  async execute(work: UnitOfWork, query: BalanceHistoryV1): Promise<BalanceHistory> {
    const settings = await this.projects.require(work, query.projectId);
    const currency = query.currency?.toUpperCase() ?? settings.baseCurrency;
    if (!isCurrencyCode(currency)) {
      throw new Refusal(ErrorCode.InvalidParameter, `Unknown currency "${currency}"`);
    }
    const days = await this.store.balanceHistory(work, query.projectId, currency, query.days);
    return {
      currency,
      days: days.map((day) => ({
        date: day.date,
        payments: formatAmount(day.payments, currency),
        refunds: formatAmount(day.refunds, currency),
        payouts: formatAmount(day.payouts, currency),
        reserve: formatAmount(day.reserve, currency),
        balance: formatAmount(day.balance, currency),
      })),
    };
  }
}
