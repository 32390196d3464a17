import { Injectable } from '@nestjs/common';
import type { ReservePayoutV1 } from '@opp/contracts';
import { ErrorCode } from '@opp/errors';
import { MoneyError, parseAmount } from '@opp/money';
import { ProjectSettingsStore } from '../../project/application/project-settings.store';
import { Payout, type PayoutTerms } from '../domain/payout';
import { PayoutCardAccountReader, type PayoutCardAccount } from './payout-card-account';
import { fundsReservedMessage } from './payout-messages';
import type { UnitOfWork } from '@opp/persistence';
import { PayoutStore } from './payout.store';
import { Refusal } from '@opp/contracts';

/** A reserved payout: on its way to the rail. */
export interface ReservedPayout {
  id: number;
  status: 'processing';
}

/** Who asked for a payout: a processing task, or a payouts flow (POST /payout), ADR 0060. */
export interface PayoutOrigin {
  taskId?: string;
  flowId?: string;
}

/**
 * Accepts a payout by reserving its amount against the merchant's available balance (ADR 0060):
 * the balance row is locked, a payout above it is refused with 40313 before anything is written,
 * a live payout with the same order id with 40501 (ADR 0014). The database refuses an overdraft
 * by itself too, whatever code runs. The signed request's key is claimed with the payout (unique
 * per project): the same request again, a merchant's retry after a 503 or a timeout, answers the
 * payout it made and reserves nothing (ADR 0014).
 */
@Injectable()
export class ReservePayoutUseCase {
  constructor(
    private readonly payouts: PayoutStore,
    private readonly projects: ProjectSettingsStore,
    private readonly cardAccounts: PayoutCardAccountReader,
  ) {}

  /** A processing task asking gets the payout it made already, if any. */
  async execute(
    work: UnitOfWork,
    command: ReservePayoutV1,
    origin: PayoutOrigin,
  ): Promise<ReservedPayout> {
    const { projectId, currency } = command;
    const taskId = origin.taskId ?? null;
    const made = taskId === null ? null : await this.payouts.idByTaskId(work, taskId);
    if (made !== null) return { id: made, status: 'processing' };
    const settings = await this.projects.require(work, projectId);
    if (!settings.sandbox) {
      // Only the sandbox rail exists (ADR 0011): a live payout would never reach a bank.
      throw new Refusal(
        ErrorCode.GatewayMisconfigured,
        'Gateway not properly configured: no payout rail for live projects',
      );
    }
    const amountMinor = amountOf(command.amount, currency);
    const available = await this.payouts.lockAvailable(work, projectId, currency);
    // Read after the balance lock: a first attempt still reserving holds it, so its payout is
    // committed and seen here once the lock is ours (READ COMMITTED reads afresh per statement).
    const claimed = await this.claimedBy(work, projectId, command.requestKey);
    if (claimed !== null) return { id: claimed, status: 'processing' };
    const card = await this.cardAccount(work, command);
    if (available < amountMinor) {
      throw new Refusal(
        ErrorCode.InsufficientBalance,
        'Insufficient balance: the payout is above the available balance',
      );
    }
    const terms: PayoutTerms = {
      projectId,
      orderId: command.orderId ?? null,
      typeKey: command.typeKey,
      amountMinor,
      currency,
      accountDisplay: card?.display ?? command.accountDisplay,
    };
    const id = await this.payouts.addIfOrderIdFree(work, {
      ...terms,
      accountSealed: card?.sealed ?? null,
      cardToken: command.cardToken ?? null,
      description: command.description ?? null,
      taskId,
      requestKey: command.requestKey ?? null,
    });
    if (id === null) {
      const existing = await this.payouts.liveIdByOrderId(work, projectId, terms.orderId!);
      throw new Refusal(
        ErrorCode.TransactionAlreadyCompleted,
        `Transaction already completed: order_id names payout ${existing}`,
      );
    }
    await card?.claim();
    const now = new Date();
    const state = {
      id,
      ...terms,
      status: 'reserved' as const,
      reason: null,
      updatedAt: now,
    };
    await this.payouts.record(work, {
      entry: Payout.reservationEntry(state),
      messages: [fundsReservedMessage(state, now, origin.flowId)],
    });
    return { id, status: 'processing' };
  }

  /** The payout this signed request made already (its retry after a 503 or a timeout), if any. */
  private async claimedBy(
    work: UnitOfWork,
    projectId: number,
    requestKey: string | undefined,
  ): Promise<number | null> {
    if (requestKey === undefined) return null;
    return this.payouts.idByRequestKey(work, projectId, requestKey);
  }

  private async cardAccount(
    work: UnitOfWork,
    command: ReservePayoutV1,
  ): Promise<PayoutCardAccount | null> {
    if (command.sealedAccount) {
      return this.cardAccounts.sealedNumber(command.projectId, command.sealedAccount);
    }
    if (command.cardToken)
      return this.cardAccounts.token(work, command.projectId, command.cardToken);
    return null;
  }
}

function amountOf(amount: string, currency: string): bigint {
  let minor: bigint;
  try {
    minor = parseAmount(amount, currency);
  } catch (error) {
    if (!(error instanceof MoneyError)) throw error;
    throw new Refusal(ErrorCode.AmountInvalidForCurrency, `amount: ${error.message}`);
  }
  if (minor <= 0n) {
    throw new Refusal(ErrorCode.InvalidParameter, 'amount must be greater than zero');
  }
  return minor;
}
