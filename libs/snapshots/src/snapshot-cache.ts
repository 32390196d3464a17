import type { Logger, OnModuleDestroy, OnModuleInit } from '@nestjs/common';
import { PgListener } from '@opp/scheduling';
import { PARTNER_SNAPSHOTS_CHANNEL } from './partner-snapshots-notify.migration';
import { PROJECT_SNAPSHOTS_CHANNEL } from './project-snapshots-notify.migration';

/** A safety net only: how long a copy may live if a notification was lost. */
const MAX_AGE_MS = 60_000;

/**
 * ADR 0036: what a service reads of a snapshot, kept in memory per key so the hot path does not
 * read it. Every commit that changes the snapshot table notifies every instance (the table's
 * trigger; the snapshot events reach one instance of the consumer group, the notification reaches
 * all), which drops its whole copy. A read that raced with a notification is not kept, nor is a
 * key not known yet (null): the next read looks again. A service provides it in the module of the
 * port it serves, so that Nest starts and stops it.
 */
export class SnapshotCache<K extends number | string, T> implements OnModuleInit, OnModuleDestroy {
  private readonly cached = new Map<K, { value: T; at: number }>();
  private readonly listener: PgListener;
  /** Counts the drops: a read started before the last drop must not be kept. */
  private generation = 0;
  private listening = false;

  constructor(databaseUrl: string, channel: string, logger: Logger) {
    this.listener = new PgListener(
      databaseUrl,
      channel,
      () => this.drop(),
      (error) => {
        this.drop();
        logger.warn({ msg: `${channel} LISTEN connection lost`, error: error.message });
      },
    );
  }

  /** Until it listens nothing is kept, so a service never serves a copy no one can drop. */
  async onModuleInit(): Promise<void> {
    await this.listener.start();
    this.listening = true;
  }

  async onModuleDestroy(): Promise<void> {
    this.listening = false;
    await this.listener.stop();
  }

  /** The key's copy, or what `load` reads of it (kept unless null or dropped meanwhile). */
  async get(key: K, load: () => Promise<T>): Promise<T> {
    const hit = this.cached.get(key);
    if (hit && Date.now() - hit.at < MAX_AGE_MS) return hit.value;
    const generation = this.generation;
    const value = await load();
    if (value !== null && this.listening && generation === this.generation) {
      this.cached.set(key, { value, at: Date.now() });
    }
    return value;
  }

  protected drop(): void {
    this.generation += 1;
    this.cached.clear();
  }
}

/** Per project id, dropped by `ProjectSnapshotsNotify1764100000100`'s trigger. */
export class ProjectSnapshotCache<T> extends SnapshotCache<number, T> {
  constructor(databaseUrl: string, logger: Logger) {
    super(databaseUrl, PROJECT_SNAPSHOTS_CHANNEL, logger);
  }
}

/** Per partner identifier, dropped by `PartnerSnapshotsNotify1764300000000`'s trigger. */
export class PartnerSnapshotCache<T> extends SnapshotCache<string, T> {
  constructor(databaseUrl: string, logger: Logger) {
    super(databaseUrl, PARTNER_SNAPSHOTS_CHANNEL, logger);
  }
}
