import { Inject, Injectable } from '@nestjs/common';
import type { UnitOfWork } from '@opp/persistence';
import type { ProcessChargeV1, UserSnapshotV1 } from '@opp/contracts';
import { HostedPageKeyRing, randomToken } from '@opp/crypto';
import { ErrorCode } from '@opp/errors';
import { RequestQueue } from '../request-queue';
import { AcquirerRouter } from '../../../acquirer/application/acquirer-router';
import type { AcquirerCard } from '../../../acquirer/domain/acquirer';
import { CardVault } from '../../../card-vault/application/card-vault';
import { cardViewOf } from '../../../card-vault/domain/vault-card';
import { ProjectSettingsStore } from '../../../project/application/project-settings.store';
import { PaymentRefusal } from '../../../shared/payment-refusal';
import { UserDirectory } from '../../../user/application/user-directory';
import { feeFor } from '../../domain/fee';
import type { TaskOrigin, Transaction } from '../../domain/transaction';
import { TransactionAggregate } from '../../domain/transaction-aggregate';
import { LiveOrderGuard } from '../live-order-guard';
import { TransactionStore } from '../transaction.store';
import { ChargeOutcomes } from '../charge-outcomes';
import { amountInMinor, VERIFICATION_AMOUNT } from './requested-amount';

/** A repeated charge of a subscription: `referenceId` is the charge that subscribed the user. */
export interface RecurringCharge {
  referenceId: number;
}

/**
 * POST /card/process and the `card.payment` task. Checks come first and write nothing; then the
 * token is claimed, the transaction created and moved to its first status with its event, all in
 * the caller's (inbox) transaction. The same idempotency key answers the first result again.
 */
@Injectable()
export class ProcessChargeUseCase {
  constructor(
    private readonly requests: RequestQueue,
    private readonly projects: ProjectSettingsStore,
    private readonly vault: CardVault,
    private readonly transactions: TransactionStore,
    private readonly outcomes: ChargeOutcomes,
    @Inject(AcquirerRouter) private readonly acquirers: AcquirerRouter,
    @Inject(HostedPageKeyRing) private readonly keyRing: HostedPageKeyRing,
    private readonly liveOrders: LiveOrderGuard,
    private readonly users: UserDirectory,
  ) {}

  async execute(
    work: UnitOfWork,
    command: ProcessChargeV1,
    task?: TaskOrigin,
    recurring?: RecurringCharge,
  ): Promise<Transaction> {
    // Concurrent deliveries of one request queue here; the later ones then find the first's result.
    await this.requests.awaitTurn(work, `charge:${command.projectId}:${command.idempotencyKey}`);
    const earlier = await this.transactions.findByIdempotencyKey(
      work,
      command.projectId,
      command.idempotencyKey,
    );
    if (earlier) return earlier;

    const user = await this.payer(work, command);
    const settings = await this.projects.require(work, command.projectId);
    // A live project without a bank adapter is refused (42201) before anything else.
    const acquirer = this.acquirers.for(settings);
    const requested = amountInMinor(command.priceMinor, command.currency);
    if (command.remember && !settings.rememberEnabled) {
      throw new PaymentRefusal(
        ErrorCode.CardRememberingDisabled,
        'Card remembering disabled for the project',
      );
    }
    const amount = command.verifyCard ? VERIFICATION_AMOUNT : requested;
    if (amount.minor === 0n) {
      throw new PaymentRefusal(ErrorCode.InvalidParameter, 'Invalid price: it must be above zero');
    }

    // ADR 0014: an order id with a live payment is refused before the card is touched.
    if (!command.verifyCard) {
      await this.liveOrders.refuseIfTaken(work, command.projectId, command.orderId);
    }
    const beforeWrites = await this.liveOrders.savepoint(work);
    const source = await this.vault.forCharge(work, command.projectId, command);
    const acquirerCard: AcquirerCard = {
      number: source.number,
      expirationMonth: source.expirationMonth,
      expirationYear: source.expirationYear,
      securityCode: source.securityCode,
    };
    if (await acquirer.isBlocked(acquirerCard)) {
      throw new PaymentRefusal(ErrorCode.CardBlocked, 'Card blocked');
    }
    const card = await source.claim();

    const inserting = this.transactions.insert(work, {
      projectId: command.projectId,
      idempotencyKey: command.idempotencyKey,
      orderId: command.orderId ?? null,
      referenceId: recurring?.referenceId ?? null,
      type: command.verifyCard ? 'verification' : 'payment',
      method: 'card',
      reason: null,
      priceMinor: amount.minor,
      feeMinor: command.verifyCard ? 0n : feeFor(amount.minor, amount.exponent, settings),
      currency: amount.currency,
      description: command.description,
      user,
      cardId: card.id,
      card: cardViewOf(card),
      attributes: command.attributes,
      sandbox: settings.sandbox,
      options: {
        remember: command.remember,
        recurring: command.recurring
          ? {
              interval: command.recurringInterval ?? 0,
              trial: command.recurringTrial ?? 0,
              price: requested.text,
              currency: requested.currency,
            }
          : null,
      },
      permanentTokenId: source.permanentTokenId,
      recurring: null,
      acs: null,
      settleAt: null,
      task: task ?? null,
    });
    // A concurrent live payment of the same order id: 40501, and back to before the token claim.
    const opened = await this.liveOrders.insert(work, beforeWrites, command, inserting);

    // A recurring charge is merchant-initiated on a subscribed card: no 3-D Secure (ADR 0012).
    const challenge =
      !recurring &&
      (command.threeDs || settings.force3ds || (await acquirer.requiresChallenge(acquirerCard)));
    if (challenge) {
      const md = randomToken();
      const paReq = this.keyRing.encrypt(
        JSON.stringify({ md, id: opened.id, amount: amount.text, currency: amount.currency }),
      );
      const challenge = new TransactionAggregate(opened).requireChallenge({
        md,
        paReq,
        termUrl: command.acsReturnUrl ?? '',
      });
      const authenticating = await this.outcomes.record(work, opened, challenge, settings);
      return authenticating;
    }
    const decision = await acquirer.authorize({
      card: acquirerCard,
      amountMinor: amount.minor,
      currency: amount.currency,
      authenticated: false,
    });
    const decided = await this.outcomes.decide(work, opened, decision, settings);
    return decided;
  }

  /**
   * ADR 0035: who pays comes with the command, or from payments' users read model. A user the read
   * model does not know (created a moment ago, or never) is 40406: the gateway then asks
   * users-recurring, which creates or refuses it, and sends the charge again with the User object.
   */
  private async payer(work: UnitOfWork, command: ProcessChargeV1): Promise<UserSnapshotV1> {
    if (command.user) return command.user;
    const found = command.userRef
      ? await this.users.payer(work, command.projectId, command.userRef)
      : null;
    if (!found) throw new PaymentRefusal(ErrorCode.UserNotFound, 'User missing');
    return found;
  }
}
