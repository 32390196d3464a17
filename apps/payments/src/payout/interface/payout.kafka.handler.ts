import { Controller } from '@nestjs/common';
import { Ctx, Payload } from '@nestjs/microservices';
import {
  PayoutSettledV1Message,
  PayoutTaskCheckedV1Message,
  ReservePayoutV1Request,
  type PayoutSettledV1,
  type PayoutTaskCheckedV1,
  type ReservePayoutV1,
} from '@opp/contracts';
import { MessageContext, OnMessage, OnRequest } from '@opp/messaging';
import { answer } from '../../shared/answer';
import { ReservePayoutUseCase } from '../application/reserve-payout.use-case';
import { RunPayoutTaskUseCase } from '../application/run-payout-task.use-case';
import { SettlePayoutUseCase } from '../application/settle-payout.use-case';

@Controller()
export class PayoutKafkaHandler {
  constructor(
    private readonly reserve: ReservePayoutUseCase,
    private readonly settle: SettlePayoutUseCase,
    private readonly runTask: RunPayoutTaskUseCase,
  ) {}

  @OnRequest(ReservePayoutV1Request)
  reservePayout(@Payload() command: ReservePayoutV1, @Ctx() context: MessageContext) {
    return answer(() => this.reserve.execute(context.transaction(), command));
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
