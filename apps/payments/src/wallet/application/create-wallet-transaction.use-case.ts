import { Inject, Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import type { CreateWalletTransactionV1, TransactionRecordV1 } from '@opp/contracts';
import { ErrorCode } from '@opp/errors';
import { AcquirerRouter } from '../../acquirer/application/acquirer-router';
import { amountInMinor } from '../../charge/application/process-charge/requested-amount';
import { feeFor } from '../../charge/domain/fee';
import { LiveOrderGuard } from '../../charge/infrastructure/live-order-guard';
import { TransactionRepository } from '../../charge/infrastructure/transaction.repository';
import { ProjectSettingsRepository } from '../../project/project-settings.repository';
import { PaymentRefusal } from '../../shared/payment-refusal';
import { needsPhone } from '../domain/wallet-checkout';
import { transactionRecordOf } from '../../charge/application/transaction-views';

/**
 * POST /transaction/create (ADR 0008): records an `opened` wallet transaction that the user then
 * confirms or cancels on the checkout page. Nothing moves until then, so no event is sent yet.
 * The same idempotency key (one accepted signature) answers the first transaction again.
 */
@Injectable()
export class CreateWalletTransactionUseCase {
  constructor(
    private readonly projects: ProjectSettingsRepository,
    private readonly transactions: TransactionRepository,
    private readonly liveOrders: LiveOrderGuard,
    @Inject(AcquirerRouter) private readonly acquirers: AcquirerRouter,
  ) {}

  async execute(
    tx: EntityManager,
    command: CreateWalletTransactionV1,
  ): Promise<TransactionRecordV1> {
    await tx.query(`SELECT pg_advisory_xact_lock(hashtextextended($1, 0))`, [
      `charge:${command.projectId}:${command.idempotencyKey}`,
    ]);
    const earlier = await this.transactions.findByIdempotencyKey(
      tx,
      command.projectId,
      command.idempotencyKey,
    );
    if (earlier) return transactionRecordOf(earlier);

    const settings = await this.projects.require(tx, command.projectId);
    // The checkout page stands in for the wallet provider: live projects need a real one (42201).
    this.acquirers.for(settings);
    if (needsPhone(command.paymentMethod) && !command.phone) {
      throw new PaymentRefusal(ErrorCode.InvalidParameter, 'phone is required for mobile_wallet');
    }
    const amount = amountInMinor(command.priceMinor, command.currency);
    if (amount.minor === 0n) {
      throw new PaymentRefusal(ErrorCode.InvalidParameter, 'Invalid price: it must be above zero');
    }
    // An opened wallet transaction is a live payment of its order (ADR 0014): one per order id.
    await this.liveOrders.refuseIfTaken(tx, command.projectId, command.orderId);
    const savepoint = await this.liveOrders.savepoint(tx);
    const inserting = this.transactions.insert(tx, {
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
      options: { remember: false, recurring: null },
      permanentTokenId: null,
      recurring: null,
      acs: null,
      settleAt: null,
      task: null,
      checkout: {
        phone: command.phone ?? null,
        successUrl: command.successUrl,
        failUrl: command.failUrl,
      },
    });
    const order = { projectId: command.projectId, orderId: command.orderId };
    return transactionRecordOf(await this.liveOrders.insert(tx, savepoint, order, inserting));
  }
}
