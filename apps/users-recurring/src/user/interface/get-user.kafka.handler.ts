import { Controller } from '@nestjs/common';
import { Payload } from '@nestjs/microservices';
import { GetUserV1Request, type GetUserV1 } from '@opp/contracts';
import { OnRequest } from '@opp/messaging';
import { GetUserUseCase } from '../application/get-user/get-user.use-case';

@Controller()
export class GetUserKafkaHandler {
  constructor(private readonly getUser: GetUserUseCase) {}

  /** A read: outside the inbox, so a redelivery simply reads again. */
  @OnRequest(GetUserV1Request, { inbox: false })
  handle(@Payload() query: GetUserV1) {
    return this.getUser.execute(query);
  }
}
