import { Controller } from '@nestjs/common';
import { Ctx, Payload } from '@nestjs/microservices';
import {
  PayoutSettledV1Message,
  PayoutTaskCheckedV1Message,
  ReservePayoutFundsV1Message,
  type PayoutSettledV1,
  type PayoutTaskCheckedV1,
  type ReservePayoutFundsV1,
} from '@opp/contracts';
import { MessageContext, OnMessage } from '@opp/messaging';
import { ReservePayoutFundsUseCase } from '../application/reserve-payout-funds.use-case';
import { RunPayoutTaskUseCase } from '../application/run-payout-task.use-case';
import { SettlePayoutUseCase } from '../application/settle-payout.use-case';

@Controller()
export class PayoutKafkaHandler {
  constructor(
    private readonly reserveFunds: ReservePayoutFundsUseCase,
    private readonly settle: SettlePayoutUseCase,
    private readonly runTask: RunPayoutTaskUseCase,
  ) {}

  /** A payouts flow's reservation (ADR 0060); a redelivered one is skipped by the inbox. */
  @OnMessage(ReservePayoutFundsV1Message)
  reserveFundsForFlow(@Payload() command: ReservePayoutFundsV1, @Ctx() context: MessageContext) {
    return this.reserveFunds.execute(context.transaction(), command);
  }

  @OnMessage(PayoutSettledV1Message)
  payoutSettled(@Payload() event: PayoutSettledV1, @Ctx() context: MessageContext) {
    return this.settle.execute(context.transaction(), event);
  }

  /** A `payout` task payouts has checked; a redelivered one is skipped by the inbox. */
  @OnMessage(PayoutTaskCheckedV1Message)
  payoutTask(@Payload() checked: PayoutTaskCheckedV1, @Ctx() context: MessageContext) {
    return this.runTask.execute(
      context.transaction(),
      checked,
      context.envelope.correlationId ?? checked.globalId,
    );
  }
}
