import { Inject, Injectable } from '@nestjs/common';
import type { UnitOfWork } from '@opp/persistence';
import type { ProcessChargeV1, UserSnapshotV1 } from '@opp/contracts';
import { HostedPageKeyRing, randomToken } from '@opp/crypto';
import { ErrorCode } from '@opp/errors';
import { AcquirerRouter } from '../../../acquirer/application/acquirer-router';
import type { AcquirerCard, AuthorizationDecision } from '../../../acquirer/domain/acquirer';
import { CardVault } from '../../../card-vault/application/card-vault';
import { CardVaultStore } from '../../../card-vault/application/card-vault.store';
import { cardViewOf, type VaultCard } from '../../../card-vault/domain/vault-card';
import { PaymentsConfig } from '../../../config/payments.config';
import {
  ProjectSettingsStore,
  type ProjectSettings,
} from '../../../project/application/project-settings.store';
import { chargeTermsOf, type ChargeTerms } from '../../domain/charge-terms';
import type { TaskOrigin, Transaction } from '../../domain/transaction';
import { TransactionAggregate, type TransactionStep } from '../../domain/transaction-aggregate';
import { ChargeContextReader, type ChargeContext } from '../charge-context';
import { ChargeOutcomes } from '../charge-outcomes';
import { orderTaken } from '../live-order-guard';
import { TransactionStore } from '../transaction.store';
import { amountInMinor } from './requested-amount';
import { Refusal } from '@opp/contracts';

/** A repeated charge of a subscription: `referenceId` is the charge that subscribed the user. */
export interface RecurringCharge {
  referenceId: number;
}

/**
 * POST /card/process and the `card.payment` task. One read finds the request's earlier result
 * (answered again), the order's live payment, the payer and the new id; checks come next and write
 * nothing; the acquirer decides; then the card is vaulted and the transaction written once, in its
 * decided status, with its postings, then its event, and only then is a token used up (ADR 0065),
 * all in the caller's (inbox) transaction.
 */
@Injectable()
export class ProcessChargeUseCase {
  constructor(
    private readonly projects: ProjectSettingsStore,
    private readonly vault: CardVault,
    private readonly cards: CardVaultStore,
    private readonly transactions: TransactionStore,
    private readonly outcomes: ChargeOutcomes,
    @Inject(AcquirerRouter) private readonly acquirers: AcquirerRouter,
    @Inject(HostedPageKeyRing) private readonly keyRing: HostedPageKeyRing,
    @Inject(PaymentsConfig) private readonly config: PaymentsConfig,
    private readonly contexts: ChargeContextReader,
  ) {}

  async execute(
    work: UnitOfWork,
    command: ProcessChargeV1,
    task?: TaskOrigin,
    recurring?: RecurringCharge,
  ): Promise<Transaction> {
    const context = await this.contexts.read(work, {
      projectId: command.projectId,
      idempotencyKey: command.idempotencyKey,
      orderId: orderIdOf(command),
      userRef: command.user ? undefined : command.userRef,
    });
    if (context.earlier) return context.earlier;
    try {
      return await this.charge(work, command, context, task, recurring);
    } catch (error) {
      // A concurrent delivery of this request waited on the first's locks (its card token, say)
      // and was then refused: the first's result is the answer (ADR 0065).
      if (!(error instanceof Refusal)) throw error;
      const { earlier } = await this.lookUp(work, command);
      if (earlier) return earlier;
      throw error;
    }
  }

  private async charge(
    work: UnitOfWork,
    command: ProcessChargeV1,
    context: ChargeContext,
    task?: TaskOrigin,
    recurring?: RecurringCharge,
  ): Promise<Transaction> {
    const user = payerOf(command, context);
    const settings = await this.projects.require(work, command.projectId);
    // A live project without a bank adapter is refused (42201) before anything else.
    const acquirer = this.acquirers.for(settings);
    const requested = amountInMinor(command.priceMinor, command.currency);
    const terms = chargeTermsOf({ ...command, requested }, settings);
    // ADR 0014: an order id with a live payment is refused before the card is touched.
    if (context.live) throw orderTaken(context.live);
    if (context.id === null) throw new Error('the charge context found nothing and took no id');

    const source = await this.vault.forCharge(work, command.projectId, command);
    const acquirerCard: AcquirerCard = {
      number: source.number,
      expirationMonth: source.expirationMonth,
      expirationYear: source.expirationYear,
      securityCode: source.securityCode,
    };
    if (await acquirer.isBlocked(acquirerCard)) {
      throw new Refusal(ErrorCode.CardBlocked, 'Card blocked');
    }
    // A recurring charge is merchant-initiated on a subscribed card: no 3-D Secure (ADR 0012).
    const challenge =
      !recurring &&
      (command.threeDs || settings.force3ds || (await acquirer.requiresChallenge(acquirerCard)));
    const decision = challenge
      ? null
      : await acquirer.authorize({
          card: acquirerCard,
          amountMinor: terms.amount.minor,
          currency: terms.amount.currency,
          authenticated: false,
        });

    // No savepoint (ADR 0065): what is written before the insert (card data into the vault, a
    // remembered card's permanent token) stays if the insert loses, unused, as tokenization leaves
    // a card; a temporary token is used up only after the insert.
    const card = await source.vaultCard();
    const draft = TransactionAggregate.draft(
      context.id,
      {
        projectId: command.projectId,
        idempotencyKey: command.idempotencyKey,
        orderId: command.orderId ?? null,
        referenceId: recurring?.referenceId ?? null,
        type: terms.type,
        method: 'card',
        reason: null,
        priceMinor: terms.amount.minor,
        feeMinor: terms.feeMinor,
        currency: terms.amount.currency,
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
      },
      new Date(),
    );
    const first = decision
      ? await this.authorized(work, draft, decision, card, settings)
      : this.challenged(draft, terms, command.acsReturnUrl);
    const saved = await this.outcomes.open(work, draft.opening(first), settings);
    if (saved) {
      await source.claim();
      return saved;
    }

    // The request or the order got its transaction first (a concurrent delivery, or a concurrent
    // charge of the order): the insert wrote nothing and the token is unused; answer with that one.
    const now = await this.lookUp(work, command);
    if (now.earlier) return now.earlier;
    throw orderTaken(now.live);
  }

  private lookUp(work: UnitOfWork, command: ProcessChargeV1) {
    return this.transactions.findForRequest(
      work,
      command.projectId,
      command.idempotencyKey,
      orderIdOf(command),
    );
  }

  /** 3-D Secure (ADR 0007): the charge waits for the cardholder. */
  private challenged(
    draft: TransactionAggregate,
    terms: ChargeTerms,
    termUrl: string | undefined,
  ): TransactionStep {
    const md = randomToken();
    const { amount } = terms;
    const paReq = this.keyRing.encrypt(
      JSON.stringify({ md, id: draft.state.id, amount: amount.text, currency: amount.currency }),
    );
    return draft.requireChallenge({ md, paReq, termUrl: termUrl ?? '' });
  }

  /** The acquirer's decision; a charge that keeps its card gets its permanent token. */
  private async authorized(
    work: UnitOfWork,
    draft: TransactionAggregate,
    decision: AuthorizationDecision,
    card: VaultCard,
    settings: ProjectSettings,
  ): Promise<TransactionStep> {
    const permanentTokenId =
      draft.keepsCard(decision) && !draft.state.permanentTokenId
        ? await this.cards.permanentTokenFor(work, card)
        : null;
    return draft.authorize(decision, {
      settings,
      now: new Date(),
      reserveDaySeconds: this.config.reserveDaySeconds,
      permanentTokenId,
    });
  }
}

/** Card verifications hold no order id (ADR 0014). */
const orderIdOf = (command: ProcessChargeV1): string | null =>
  command.verifyCard ? null : (command.orderId ?? null);

/**
 * ADR 0065: who pays comes with the command, or from payments' users read model. A user the read
 * model does not know (created a moment ago, or never) is 40406: the gateway then asks
 * users-recurring, which creates or refuses it, and sends the charge again with the User object.
 */
function payerOf(command: ProcessChargeV1, context: ChargeContext): UserSnapshotV1 {
  if (command.user) return command.user;
  if (!context.payer) throw new Refusal(ErrorCode.UserNotFound, 'User missing');
  return context.payer;
}
