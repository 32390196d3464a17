import { Global, Module } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { ProjectClockKafkaHandler } from './project-clock.kafka.handler';
import { ProjectClock } from './project-clock';

/** One `ProjectClock` per service, listening on the service's own database (the DataSource's). */
const projectClockProvider = {
  provide: ProjectClock,
  inject: [DataSource],
  useFactory: (dataSource: DataSource) => new ProjectClock(dataSource, databaseUrlOf(dataSource)),
};

/**
 * The sandbox project clocks (ADR 0069) for a time-driven service: the consumer of the gateway's
 * clock topic and `ProjectClock`, global so that every feature injects the same one. The service
 * adds `ProjectClocks1764990000000` to its migrations.
 */
@Global()
@Module({
  controllers: [ProjectClockKafkaHandler],
  providers: [projectClockProvider],
  exports: [ProjectClock],
})
export class ProjectClockModule {}

function databaseUrlOf(dataSource: DataSource): string {
  const { url } = dataSource.options as { url?: string };
  if (!url) throw new Error('ProjectClockModule needs a DataSource configured by url');
  return url;
}
