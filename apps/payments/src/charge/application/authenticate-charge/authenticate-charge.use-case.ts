import { Inject, Injectable } from '@nestjs/common';
import type { UnitOfWork } from '@opp/persistence';
import { taskResultV2Message, type AuthenticateChargeV1, Refusal } from '@opp/contracts';
import { CryptoError, HostedPageKeyRing } from '@opp/crypto';
import { ErrorCode } from '@opp/errors';
import { OutboxWriter } from '@opp/outbox';
import { AcquirerRouter } from '../../../acquirer/application/acquirer-router';
import { CardVault } from '../../../card-vault/application/card-vault';
import { CardVaultStore } from '../../../card-vault/application/card-vault.store';
import { ProjectSettingsStore } from '../../../project/application/project-settings.store';
import { challengeResultOf } from '../../../three-d-secure/domain/three-d-secure';
import { cardIdOf, type Transaction } from '../../domain/transaction';
import { TransactionAggregate } from '../../domain/transaction-aggregate';
import { TransactionStore } from '../transaction.store';
import { ChargeOutcomes } from '../charge-outcomes';
import { taskResultOf } from '../task-result';

export const AUTHENTICATION_FAILED = '3-D Secure authentication failed';

/**
 * POST /card/authenticate (ADR 0007): the PaRes of the gateway's ACS page decides whether the
 * cardholder passed; if so the acquirer decides the charge. A charge started by a processing task
 * gets a second task result, now that its WAITING is over.
 */
@Injectable()
export class AuthenticateChargeUseCase {
  constructor(
    private readonly projects: ProjectSettingsStore,
    private readonly transactions: TransactionStore,
    private readonly cards: CardVaultStore,
    private readonly vault: CardVault,
    private readonly outcomes: ChargeOutcomes,
    @Inject(AcquirerRouter) private readonly acquirers: AcquirerRouter,
    @Inject(HostedPageKeyRing) private readonly keyRing: HostedPageKeyRing,
    @Inject(OutboxWriter) private readonly outbox: OutboxWriter,
  ) {}

  async execute(work: UnitOfWork, command: AuthenticateChargeV1): Promise<Transaction> {
    const waiting = await this.transactions.lockByMd(work, command.projectId, command.md);
    if (!waiting) throw new Refusal(ErrorCode.TransactionNotFound, 'Transaction does not exist');
    const charge = new TransactionAggregate(waiting);
    if (!charge.isAwaitingChallenge()) {
      throw new Refusal(ErrorCode.TransactionAlreadyCompleted, 'Transaction already completed');
    }
    const settings = await this.projects.require(work, command.projectId);
    let finished: Transaction;
    if (challengeResultOf(this.decrypt(command.paRes), command.md) === 'failed') {
      const failed = charge.fail(AUTHENTICATION_FAILED);
      finished = await this.outcomes.record(work, waiting, failed, settings);
    } else {
      const card = await this.cards.findCard(work, cardIdOf(waiting));
      const decision = await this.acquirers.for(settings).authorize({
        card: {
          number: await this.vault.numberOf(card),
          expirationMonth: card.expirationMonth,
          expirationYear: card.expirationYear,
        },
        amountMinor: waiting.priceMinor,
        currency: waiting.currency,
        authenticated: true,
      });
      finished = await this.outcomes.decide(work, waiting, decision, settings);
    }
    if (finished.task) {
      await this.outbox.add(work, [taskResultV2Message(taskResultOf(finished.task, finished))]);
    }
    return finished;
  }

  /** A PaRes that does not decrypt under our keys is a failed (or forged) authentication. */
  private decrypt(paRes: string): string | null {
    try {
      return this.keyRing.decrypt(paRes);
    } catch (error) {
      if (error instanceof CryptoError) return null;
      throw error;
    }
  }
}
