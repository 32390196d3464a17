import { Logger, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import type { OutboxRelay } from './outbox-relay';

/** Starts the relay once the app is up and stops it before the database pool closes. */
export class OutboxRelayLifecycle implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger(OutboxRelayLifecycle.name);

  constructor(
    private readonly relay: OutboxRelay,
    private readonly paused = false,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    if (this.paused) {
      this.logger.warn('outbox relay paused (OUTBOX_RELAY_PAUSED): nothing is published');
      return;
    }
    await this.relay.start();
    this.logger.log('outbox relay started');
  }

  async onApplicationShutdown(): Promise<void> {
    await this.relay.stop();
  }
}
