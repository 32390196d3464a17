import { randomUUID } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import type { CreatePayoutV1, PayoutFlowAnswerV1, ReservePayoutFundsV1 } from '@opp/contracts';
import { TransactionRunner } from '@opp/persistence';
import { crashPoint } from '@opp/saga';
import { PayoutsConfig } from '../../config/payouts.config';
import { PayoutCatalogueUseCase } from '../../payout-type/application/payout-catalogue.use-case';
import { PayoutFlow } from '../domain/payout-flow';
import { PayoutFlowStore } from './payout-flow.store';
import { Refusal } from '@opp/contracts';

/** Crash points of the flow's first step (docs/architecture/sagas.md, Payout). */
export const FLOW_RECORDED = 'payout-saga.flow-recorded';

/**
 * POST /payout (ADR 0060): the first command of a signed request checks the order against its
 * type's rules (a refusal stores nothing), then records the flow and sends the reservation
 * command to payments in one transaction. The same request again answers the flow's outcome:
 * pending, the payout, or the refusal; it never starts a second flow.
 */
@Injectable()
export class StartPayoutFlowUseCase {
  constructor(
    @Inject(TransactionRunner) private readonly runner: TransactionRunner,
    private readonly flows: PayoutFlowStore,
    private readonly catalogue: PayoutCatalogueUseCase,
    @Inject(PayoutsConfig) private readonly config: PayoutsConfig,
  ) {}

  async execute(command: CreatePayoutV1): Promise<PayoutFlowAnswerV1> {
    const { projectId, requestKey } = command;
    const known = await this.runner.run((work) =>
      this.flows.findByRequest(work, projectId, requestKey),
    );
    if (known) return answerOf(known);
    const { typeKey } = this.catalogue.check(command);
    const flow = PayoutFlow.start(
      randomUUID(),
      projectId,
      requestKey,
      new Date(Date.now() + this.config.flowDeadlineMs),
    );
    const answer = await this.runner.run(async (work) => {
      if (await this.flows.start(work, flow, reserveCommand(command, flow, typeKey))) {
        return answerOf(flow);
      }
      // The same request started its flow meanwhile (the unique key made this one wait).
      return answerOf((await this.flows.findByRequest(work, projectId, requestKey))!);
    });
    crashPoint(FLOW_RECORDED);
    return answer;
  }
}

function reserveCommand(
  command: CreatePayoutV1,
  flow: PayoutFlow,
  typeKey: string,
): ReservePayoutFundsV1 {
  const { id: flowId, projectId } = flow.snapshot;
  return {
    flowId,
    projectId,
    // Payments claims the flow with the payout: a redelivered command reserves nothing twice.
    requestKey: `flow:${flowId}`,
    typeKey,
    amount: command.amount,
    currency: command.currency,
    accountDisplay: command.accountDisplay,
    ...(command.orderId !== undefined ? { orderId: command.orderId } : {}),
    ...(command.sealedAccount !== undefined ? { sealedAccount: command.sealedAccount } : {}),
    ...(command.cardToken !== undefined ? { cardToken: command.cardToken } : {}),
    ...(command.description !== undefined ? { description: command.description } : {}),
  };
}

/** A refusal is answered as the catalogue error it is, every time the request comes again. */
function answerOf(flow: PayoutFlow): PayoutFlowAnswerV1 {
  const outcome = flow.outcome();
  if (outcome.kind === 'pending') return { state: 'pending' };
  if (outcome.kind === 'accepted') {
    return { state: 'accepted', id: outcome.payoutId, status: 'processing' };
  }
  throw new Refusal(outcome.code, outcome.message);
}
