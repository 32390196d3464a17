import { Injectable } from '@nestjs/common';
import type { UnitOfWork } from '@opp/persistence';
import type { BalanceViewV1, GetBalanceV1 } from '@opp/contracts';
import { ErrorCode } from '@opp/errors';
import { formatAmount, isCurrencyCode } from '@opp/money';
import { Accounts } from '../../ledger/domain/accounts';
import { LedgerStore } from '../../ledger/application/ledger.store';
import { ProjectSettingsStore } from '../../project/application/project-settings.store';
import { Refusal } from '@opp/contracts';

/**
 * GET /balance, summed from the journal. `amount` is the merchant's available money in the asked
 * currency (default: the project's base currency), `rolling_reserve` what the reserve holds back
 * (ADR 0027); both are balances of ledger accounts, not counters.
 * `base_*` is the total in the base currency; there is no FX rate source, so only money held in
 * the base currency itself counts there (balances in other currencies are not converted).
 */
@Injectable()
export class GetBalanceUseCase {
  constructor(
    private readonly projects: ProjectSettingsStore,
    private readonly ledger: LedgerStore,
  ) {}

  async execute(work: UnitOfWork, query: GetBalanceV1): Promise<BalanceViewV1> {
    const settings = await this.projects.require(work, query.projectId);
    const currency = query.currency?.toUpperCase() ?? settings.baseCurrency;
    if (!isCurrencyCode(currency)) {
      throw new Refusal(ErrorCode.InvalidParameter, `Unknown currency "${currency}"`);
    }
    const base = settings.baseCurrency;
    const [available, reserve] = await this.balancesIn(work, query.projectId, currency);
    const [baseAvailable, baseReserve] =
      base === currency ? [available, reserve] : await this.balancesIn(work, query.projectId, base);
    return {
      amount: formatAmount(available, currency),
      rolling_reserve: formatAmount(reserve, currency),
      currency,
      base_amount: formatAmount(baseAvailable, base),
      base_rolling_reserve: formatAmount(baseReserve, base),
    };
  }

  private balancesIn(work: UnitOfWork, projectId: number, currency: string) {
    return Promise.all([
      this.ledger.creditBalance(work, Accounts.merchantAvailable(projectId), currency),
      this.ledger.creditBalance(work, Accounts.rollingReserve(projectId), currency),
    ]);
  }
}
