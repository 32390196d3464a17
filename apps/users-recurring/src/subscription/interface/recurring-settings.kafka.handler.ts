import { Controller } from '@nestjs/common';
import { Ctx, Payload } from '@nestjs/microservices';
import type { UnitOfWork } from '@opp/persistence';
import {
  CancelRecurringV1Request,
  ChangeRecurringV1Request,
  ReserveRecurringChargeV1Request,
  type CancelRecurringV1,
  type ChangeRecurringV1,
  type ReserveRecurringChargeV1,
} from '@opp/contracts';
import { MessageContext, OnRequest } from '@opp/messaging';
import { CancelRecurringUseCase } from '../application/cancel-recurring/cancel-recurring.use-case';
import { ChangeRecurringUseCase } from '../application/change-recurring/change-recurring.use-case';
import { ReserveRecurringChargeUseCase } from '../application/reserve-recurring-charge/reserve-recurring-charge.use-case';

/** The gateway's recurring requests (ADR 0012), each in its inbox transaction. */
@Controller()
export class RecurringSettingsKafkaHandler {
  constructor(
    private readonly changeRecurring: ChangeRecurringUseCase,
    private readonly cancelRecurring: CancelRecurringUseCase,
    private readonly reserveCharge: ReserveRecurringChargeUseCase,
  ) {}

  @OnRequest(ChangeRecurringV1Request)
  change(@Payload() command: ChangeRecurringV1, @Ctx() context: MessageContext) {
    return this.changeRecurring.execute(context.transaction<UnitOfWork>(), command);
  }

  @OnRequest(CancelRecurringV1Request)
  cancel(@Payload() command: CancelRecurringV1, @Ctx() context: MessageContext) {
    return this.cancelRecurring.execute(context.transaction<UnitOfWork>(), command);
  }

  @OnRequest(ReserveRecurringChargeV1Request)
  reserve(@Payload() command: ReserveRecurringChargeV1, @Ctx() context: MessageContext) {
    return this.reserveCharge.execute(context.transaction<UnitOfWork>(), command);
  }
}
