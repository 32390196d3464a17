import { Inject, Injectable } from '@nestjs/common';
import type { UnitOfWork } from '@opp/persistence';
import type { CreateWalletTransactionV1, TransactionRecordV1 } from '@opp/contracts';
import { ErrorCode } from '@opp/errors';
import { RequestQueue } from '../../charge/application/request-queue';
import { AcquirerRouter } from '../../acquirer/application/acquirer-router';
import { amountInMinor } from '../../charge/application/process-charge/requested-amount';
import { feeFor } from '../../charge/domain/fee';
import { WITHOUT_CHARGE_STEPS } from '../../charge/domain/transaction';
import { LiveOrderGuard } from '../../charge/application/live-order-guard';
import { TransactionStore } from '../../charge/application/transaction.store';
import { ProjectSettingsStore } from '../../project/application/project-settings.store';
import { needsPhone } from '../domain/wallet-checkout';
import { transactionRecordOf } from '../../charge/application/transaction-views';
import { Refusal } from '@opp/contracts';

/**
 * POST /transaction/create (ADR 0008): records an `opened` wallet transaction that the user then
 * confirms or cancels on the checkout page. Nothing moves until then, so no event is sent yet.
 * The same idempotency key (one accepted signature) answers the first transaction again.
 */
@Injectable()
export class CreateWalletTransactionUseCase {
  constructor(
    private readonly requests: RequestQueue,
    private readonly projects: ProjectSettingsStore,
    private readonly transactions: TransactionStore,
    private readonly liveOrders: LiveOrderGuard,
    @Inject(AcquirerRouter) private readonly acquirers: AcquirerRouter,
  ) {}

  async execute(
    work: UnitOfWork,
    command: CreateWalletTransactionV1,
  ): Promise<TransactionRecordV1> {
    await this.requests.awaitTurn(work, `charge:${command.projectId}:${command.idempotencyKey}`);
    const earlier = await this.transactions.findByIdempotencyKey(
      work,
      command.projectId,
      command.idempotencyKey,
    );
    if (earlier) return transactionRecordOf(earlier);

    const settings = await this.projects.require(work, command.projectId);
    // The checkout page stands in for the wallet provider: live projects need a real one (42201).
    this.acquirers.for(settings);
    if (needsPhone(command.paymentMethod) && !command.phone) {
      throw new Refusal(ErrorCode.InvalidParameter, 'phone is required for mobile_wallet');
    }
    const amount = amountInMinor(command.priceMinor, command.currency);
    if (amount.minor === 0n) {
      throw new Refusal(ErrorCode.InvalidParameter, 'Invalid price: it must be above zero');
    }
    // An opened wallet transaction is a live payment of its order (ADR 0014): one per order id.
    await this.liveOrders.refuseIfTaken(work, command.projectId, command.orderId);
    const savepoint = await this.liveOrders.savepoint(work);
    const inserting = this.transactions.insert(work, {
      projectId: command.projectId,
      idempotencyKey: command.idempotencyKey,
      orderId: command.orderId ?? null,
      referenceId: null,
      type: 'payment',
      method: command.paymentMethod,
      reason: null,
      priceMinor: amount.minor,
      feeMinor: feeFor(amount.minor, amount.exponent, settings),
      currency: amount.currency,
      description: command.description,
      user: command.user,
      cardId: null,
      card: null,
      attributes: {},
      sandbox: settings.sandbox,
      ...WITHOUT_CHARGE_STEPS,
      checkout: {
        phone: command.phone ?? null,
        successUrl: command.successUrl,
        failUrl: command.failUrl,
      },
    });
    const order = { projectId: command.projectId, orderId: command.orderId };
    return transactionRecordOf(await this.liveOrders.insert(work, savepoint, order, inserting));
  }
}
