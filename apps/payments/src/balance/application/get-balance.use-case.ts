import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import type { BalanceViewV1, GetBalanceV1 } from '@opp/contracts';
import { ErrorCode } from '@opp/errors';
import { formatAmount, isCurrencyCode } from '@opp/money';
import { Accounts } from '../../ledger/domain/accounts';
import { LedgerRepository } from '../../ledger/infrastructure/ledger.repository';
import { ProjectSettingsRepository } from '../../project/project-settings.repository';
import { PaymentRefusal } from '../../shared/payment-refusal';

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
    private readonly projects: ProjectSettingsRepository,
    private readonly ledger: LedgerRepository,
  ) {}

  async execute(tx: EntityManager, query: GetBalanceV1): Promise<BalanceViewV1> {
    const settings = await this.projects.require(tx, query.projectId);
    const currency = query.currency?.toUpperCase() ?? settings.baseCurrency;
    if (!isCurrencyCode(currency)) {
      throw new PaymentRefusal(ErrorCode.InvalidParameter, `Unknown currency "${currency}"`);
    }
    const base = settings.baseCurrency;
    const [available, reserve] = await this.balancesIn(tx, query.projectId, currency);
    const [baseAvailable, baseReserve] =
      base === currency ? [available, reserve] : await this.balancesIn(tx, query.projectId, base);
    return {
      amount: formatAmount(available, currency),
      rolling_reserve: formatAmount(reserve, currency),
      currency,
      base_amount: formatAmount(baseAvailable, base),
      base_rolling_reserve: formatAmount(baseReserve, base),
    };
  }

  private balancesIn(tx: EntityManager, projectId: number, currency: string) {
    return Promise.all([
      this.ledger.creditBalance(tx, Accounts.merchantAvailable(projectId), currency),
      this.ledger.creditBalance(tx, Accounts.rollingReserve(projectId), currency),
    ]);
  }
}
