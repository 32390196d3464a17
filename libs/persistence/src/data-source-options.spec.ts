import { parse } from 'pg-connection-string';
import type { MigrationInterface } from 'typeorm';
import {
  InboxMessageOrmEntity,
  OutboxMessageOrmEntity,
  OutboxDirectSend1764000000600,
  OutboxSchema1763700000000,
  OutboxTraceContext1763700000010,
} from '@opp/outbox';
import { serviceDataSourceOptions } from './data-source-options';

class Own1763700000999 implements MigrationInterface {
  async up(): Promise<void> {}
  async down(): Promise<void> {}
}
class OwnEntity {}

describe('serviceDataSourceOptions', () => {
  const options = serviceDataSourceOptions({
    service: 'payments',
    url: 'postgres://u@h:5432/d',
    entities: [OwnEntity],
    migrations: [Own1763700000999],
  }) as unknown as Record<string, unknown>;

  it('never synchronizes the schema and never runs migrations implicitly', () => {
    expect(options.synchronize).toBe(false);
    expect(options.migrationsRun).toBe(false);
  });

  it('adds the outbox and inbox tables, their migration first', () => {
    expect(options.entities).toEqual([OwnEntity, OutboxMessageOrmEntity, InboxMessageOrmEntity]);
    expect(options.migrations).toEqual([
      OutboxSchema1763700000000,
      OutboxTraceContext1763700000010,
      OutboxDirectSend1764000000600,
      Own1763700000999,
    ]);
  });

  it('names the connection after the service, for pg_stat_activity', () => {
    expect(options.applicationName).toBe('payments');
  });

  it('has every connection keep one generic plan per prepared statement (ADR 0065)', () => {
    expect(parse(options.url as string).options).toBe('-c plan_cache_mode=force_generic_plan');
  });

  it('leaves the planner alone without prepared statements', () => {
    const unprepared = serviceDataSourceOptions({
      service: 'payments',
      url: 'postgres://u@h:5432/d',
      entities: [],
      migrations: [],
      preparedStatements: false,
    });
    expect((unprepared as { url?: string }).url).toBe('postgres://u@h:5432/d');
  });
});
