import { Inject, Injectable, type OnApplicationBootstrap } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { ConfigError } from '@opp/config';
import { AcquirerRouter } from '../acquirer/application/acquirer-router';
import { PaymentsConfig } from '../config/payments.config';

/**
 * In production payments does not start without a bank adapter while live projects exist: every
 * charge of theirs would be refused (42201), which is a configuration error, not a runtime one.
 * The ConfigError ends the process with one line and exit code 78 (libs/config).
 */
@Injectable()
export class LiveProjectsStartupCheck implements OnApplicationBootstrap {
  constructor(
    private readonly dataSource: DataSource,
    @Inject(AcquirerRouter) private readonly acquirers: AcquirerRouter,
    @Inject(PaymentsConfig) private readonly config: PaymentsConfig,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    const problem = liveProjectsProblem(
      this.config.isProduction,
      this.acquirers.hasLiveAdapter,
      await this.countLiveProjects(),
    );
    if (problem) throw new ConfigError('PaymentsConfig', [problem]);
  }

  private async countLiveProjects(): Promise<number> {
    const [row] = await this.dataSource.query<{ live: number }[]>(
      `SELECT count(*)::int AS live FROM project_snapshots
        WHERE coalesce((settings->>'sandbox')::boolean, true) = false`,
    );
    return row?.live ?? 0;
  }
}

/** The start-up refusal, or null when payments may start. */
export function liveProjectsProblem(
  production: boolean,
  hasLiveAdapter: boolean,
  liveProjects: number,
): string | null {
  if (!production || hasLiveAdapter || liveProjects === 0) return null;
  return (
    `ACQUIRER_ADAPTER is none but ${liveProjects} live project(s) exist: configure a bank adapter, ` +
    'or switch those projects to sandbox'
  );
}
