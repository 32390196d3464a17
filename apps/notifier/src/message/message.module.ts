import { Module, type DynamicModule } from '@nestjs/common';
import { SendMessageUseCase } from './application/send-message.use-case';
import { NotifierTaskCommandKafkaHandler } from './interface/notifier-task-command.kafka.handler';

/**
 * `message.send` tasks (ADR 0005). Their results are reported by TaskResultReporter, which the
 * delivery engine is given as its final listener and exports.
 */
@Module({})
export class MessageModule {
  static register(delivery: DynamicModule): DynamicModule {
    return {
      module: MessageModule,
      imports: [delivery],
      controllers: [NotifierTaskCommandKafkaHandler],
      providers: [SendMessageUseCase],
    };
  }
}
