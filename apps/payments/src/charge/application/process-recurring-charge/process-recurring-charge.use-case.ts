import { Injectable } from '@nestjs/common';
import type { UnitOfWork } from '@opp/persistence';
import type { ProcessRecurringChargeV1 } from '@opp/contracts';
import { ErrorCode } from '@opp/errors';
import { isExpired } from '../../../card-vault/domain/card-number';
import { CardVaultStore } from '../../../card-vault/application/card-vault.store';
import type { TaskOrigin, Transaction } from '../../domain/transaction';
import { ProcessChargeUseCase } from '../process-charge/process-charge.use-case';
import { requestedAmountOf } from '../process-charge/requested-amount';
import { Refusal } from '@opp/contracts';

export const RECURRING_DESCRIPTION = 'Recurring payment';

/**
 * A repeated charge of a subscribed user (ADR 0012): the subscription's permanent token, no card
 * data, no 3-D Secure; the charge references the one that subscribed the user. users-recurring
 * has applied the subscription's rules. A card on file that can no longer be charged (token gone,
 * card expired) is 405 40503; everything else is card/process's path, order-id rules included.
 */
@Injectable()
export class ProcessRecurringChargeUseCase {
  constructor(
    private readonly processCharge: ProcessChargeUseCase,
    private readonly cards: CardVaultStore,
  ) {}

  async execute(
    work: UnitOfWork,
    command: ProcessRecurringChargeV1,
    task?: TaskOrigin,
  ): Promise<Transaction> {
    const token = await this.cards.lockToken(work, command.projectId, command.permanentTokenId);
    const usable =
      token?.kind === 'permanent' &&
      !isExpired(token.card.expirationMonth, token.card.expirationYear, new Date());
    if (!usable) {
      throw new Refusal(
        ErrorCode.RecurrentTransactionNotCreated,
        'Unable to create a recurrent transaction: the card on file cannot be charged',
      );
    }
    return this.processCharge.execute(
      work,
      {
        idempotencyKey: command.idempotencyKey,
        projectId: command.projectId,
        user: command.user,
        cardToken: command.permanentTokenId,
        priceMinor: requestedAmountOf(command.price, command.currency).minor.toString(),
        currency: command.currency,
        orderId: command.orderId,
        description: command.description ?? RECURRING_DESCRIPTION,
        threeDs: false,
        remember: false,
        verifyCard: false,
        recurring: false,
        attributes: command.attributes,
      },
      task,
      { referenceId: command.referenceId },
    );
  }
}
