import { Controller } from '@nestjs/common';
import { Ctx, Payload } from '@nestjs/microservices';
import type { UnitOfWork } from '@opp/persistence';
import { TokenizeCardV1Request, type TokenizeCardV1, answer } from '@opp/contracts';
import { MessageContext, OnRequest } from '@opp/messaging';
import { TokenizeCardUseCase } from '../application/tokenize-card/tokenize-card.use-case';

@Controller()
export class TokenizeCardKafkaHandler {
  constructor(private readonly tokenize: TokenizeCardUseCase) {}

  @OnRequest(TokenizeCardV1Request)
  handle(@Payload() command: TokenizeCardV1, @Ctx() context: MessageContext) {
    return answer(() => this.tokenize.execute(context.transaction<UnitOfWork>(), command));
  }
}
