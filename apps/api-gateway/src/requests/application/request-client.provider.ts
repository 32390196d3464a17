import {
  Injectable,
  type OnApplicationBootstrap,
  type OnApplicationShutdown,
} from '@nestjs/common';
import { Topics } from '@opp/contracts';
import { KafkaConnection, MessageProducer, RequestClient } from '@opp/messaging';
import { GatewayConfig } from '../../config/gateway.config';

/** The gateway's request/reply client, started with the app and stopped before the producer. */
@Injectable()
export class GatewayRequestClient
  extends RequestClient
  implements OnApplicationBootstrap, OnApplicationShutdown
{
  constructor(connection: KafkaConnection, producer: MessageProducer, config: GatewayConfig) {
    super(connection, producer, Topics.gatewayReplies, undefined, config.requestTimeoutMs);
  }

  async onApplicationBootstrap(): Promise<void> {
    await this.start();
  }

  async onApplicationShutdown(): Promise<void> {
    await this.stop();
  }
}
