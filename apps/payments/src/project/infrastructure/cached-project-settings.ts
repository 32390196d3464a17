import {
  Inject,
  Injectable,
  Logger,
  type OnModuleDestroy,
  type OnModuleInit,
} from '@nestjs/common';
import type { UnitOfWork } from '@opp/persistence';
import { PgListener } from '@opp/scheduling';
import { PaymentsConfig } from '../../config/payments.config';
import { ProjectSettingsStore, type ProjectSettings } from '../application/project-settings.store';
import { ProjectSettingsRepository } from './project-settings.repository';

/** Notified by the trigger on `project_snapshots` at every commit that changes it (ADR 0036). */
export const PROJECT_SNAPSHOTS_CHANNEL = 'project_snapshots_changed';

/** A safety net only: how long a settings copy may live if a notification was lost. */
const MAX_AGE_MS = 60_000;

/**
 * ADR 0036: project settings kept in memory per project, so a charge does not read them. Every
 * commit that changes a snapshot notifies this instance (and every other one: the snapshot events
 * reach one instance of the consumer group, the notification reaches all), which drops the whole
 * copy. A read that raced with a notification is not kept.
 */
@Injectable()
export class CachedProjectSettings
  extends ProjectSettingsStore
  implements OnModuleInit, OnModuleDestroy
{
  private readonly logger = new Logger(CachedProjectSettings.name);
  private readonly cached = new Map<number, { settings: ProjectSettings; at: number }>();
  private readonly listener: PgListener;
  /** Counts the drops: a read started before the last drop must not be kept. */
  private generation = 0;
  private listening = false;

  constructor(
    private readonly rows: ProjectSettingsRepository,
    @Inject(PaymentsConfig) config: PaymentsConfig,
  ) {
    super();
    this.listener = new PgListener(
      config.databaseUrl,
      PROJECT_SNAPSHOTS_CHANNEL,
      () => this.drop(),
      (error) => {
        this.drop();
        this.logger.warn({ msg: 'project settings LISTEN connection lost', error: error.message });
      },
    );
  }

  async onModuleInit(): Promise<void> {
    await this.listener.start();
    this.listening = true;
  }

  async onModuleDestroy(): Promise<void> {
    this.listening = false;
    await this.listener.stop();
  }

  async require(work: UnitOfWork, projectId: number): Promise<ProjectSettings> {
    const hit = this.cached.get(projectId);
    if (hit && Date.now() - hit.at < MAX_AGE_MS) return hit.settings;
    const generation = this.generation;
    const settings = await this.rows.require(work, projectId);
    if (this.listening && generation === this.generation) {
      this.cached.set(projectId, { settings, at: Date.now() });
    }
    return settings;
  }

  countLive(work: UnitOfWork): Promise<number> {
    return this.rows.countLive(work);
  }

  private drop(): void {
    this.generation += 1;
    this.cached.clear();
  }
}
