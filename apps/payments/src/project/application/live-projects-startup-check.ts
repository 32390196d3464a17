import { Inject, Injectable, type OnApplicationBootstrap } from '@nestjs/common';
import { ConfigError } from '@opp/config';
import { TransactionRunner } from '@opp/persistence';
import { AcquirerRouter } from '../../acquirer/application/acquirer-router';
import { PaymentsConfig } from '../../config/payments.config';
import { ProjectSettingsStore } from './project-settings.store';

/**
 * In production payments does not start without a bank adapter while live projects exist: every
 * charge of theirs would be refused (42201), which is a configuration error, not a runtime one.
 * The ConfigError ends the process with one line and exit code 78 (libs/config).
 */
@Injectable()
export class LiveProjectsStartupCheck implements OnApplicationBootstrap {
  constructor(
    @Inject(TransactionRunner) private readonly transactions: TransactionRunner,
    private readonly projects: ProjectSettingsStore,
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

  private countLiveProjects(): Promise<number> {
    return this.transactions.run((work) => this.projects.countLive(work));
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
