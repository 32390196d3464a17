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
 * currency (default: the project's base currency). The rolling reserve is not held yet: 0.
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
    const account = Accounts.merchantAvailable(query.projectId);
    const available = await this.ledger.creditBalance(tx, account, currency);
    const base = settings.baseCurrency;
    const baseAvailable =
      base === currency ? available : await this.ledger.creditBalance(tx, account, base);
    return {
      amount: formatAmount(available, currency),
      rolling_reserve: formatAmount(0n, currency),
      currency,
      base_amount: formatAmount(baseAvailable, base),
      base_rolling_reserve: formatAmount(0n, base),
    };
  }
}
