import { Module, type DynamicModule } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { ProjectClockKafkaHandler } from './project-clock.kafka.handler';
import { ProjectClock } from './project-clock';

/**
 * The sandbox project clocks (ADR 0069) for a time-driven service: the consumer of the gateway's
 * clock topic and `ProjectClock`, global so that every feature injects the same one. The service
 * adds `ProjectClocks1764990000000` to its migrations.
 */
@Module({})
export class ProjectClockModule {
  static register(databaseUrl: string): DynamicModule {
    return {
      module: ProjectClockModule,
      global: true,
      controllers: [ProjectClockKafkaHandler],
      providers: [
        {
          provide: ProjectClock,
          inject: [DataSource],
          useFactory: (dataSource: DataSource) => new ProjectClock(dataSource, databaseUrl),
        },
      ],
      exports: [ProjectClock],
    };
  }
}
