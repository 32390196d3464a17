import { Controller, Inject } from '@nestjs/common';
import { Ctx, Payload } from '@nestjs/microservices';
import type { UnitOfWork } from '@opp/persistence';
import { ReversePaymentV1Request, type ReversePaymentV1, answer } from '@opp/contracts';
import { MessageContext, OnRequest } from '@opp/messaging';
import { ReversePaymentUseCase } from '../application/reverse-payment/reverse-payment.use-case';
import { transactionRecordOf } from '../application/transaction-views';

@Controller()
export class ReversalKafkaHandler {
  constructor(
    @Inject(ReversePaymentUseCase) private readonly reversePayment: ReversePaymentUseCase,
  ) {}

  @OnRequest(ReversePaymentV1Request)
  reverse(@Payload() command: ReversePaymentV1, @Ctx() context: MessageContext) {
    return answer(async () =>
      transactionRecordOf(
        await this.reversePayment.execute(context.transaction<UnitOfWork>(), command),
      ),
    );
  }
}
