import { Controller, Inject } from '@nestjs/common';
import { Ctx, Payload } from '@nestjs/microservices';
import type { UnitOfWork } from '@opp/persistence';
import {
  CreateWalletTransactionV1Request,
  FinishCheckoutV1Request,
  GetCheckoutV1Request,
  type CreateWalletTransactionV1,
  type FinishCheckoutV1,
  type GetCheckoutV1,
  answer,
} from '@opp/contracts';
import { MessageContext, OnRequest } from '@opp/messaging';
import { CheckoutUseCase } from '../application/checkout.use-case';
import { CreateWalletTransactionUseCase } from '../application/create-wallet-transaction.use-case';

@Controller()
export class WalletKafkaHandler {
  constructor(
    @Inject(CreateWalletTransactionUseCase) private readonly create: CreateWalletTransactionUseCase,
    @Inject(CheckoutUseCase) private readonly checkout: CheckoutUseCase,
  ) {}

  @OnRequest(CreateWalletTransactionV1Request)
  createTransaction(@Payload() command: CreateWalletTransactionV1, @Ctx() context: MessageContext) {
    return answer(() => this.create.execute(context.transaction<UnitOfWork>(), command));
  }

  @OnRequest(GetCheckoutV1Request)
  viewCheckout(@Payload() query: GetCheckoutV1, @Ctx() context: MessageContext) {
    return answer(() => this.checkout.view(context.transaction<UnitOfWork>(), query));
  }

  @OnRequest(FinishCheckoutV1Request)
  finishCheckout(@Payload() command: FinishCheckoutV1, @Ctx() context: MessageContext) {
    return answer(() => this.checkout.finish(context.transaction<UnitOfWork>(), command));
  }
}
