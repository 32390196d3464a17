import { eventually } from '@opp/testing';
import { PollingWorker } from './polling-worker';

class CountingWorker extends PollingWorker {
  rounds = 0;
  protected intervalMs(): number {
    return 10;
  }
  protected async poll(): Promise<void> {
    this.rounds++;
  }
}

describe('PollingWorker', () => {
  it('polls once the app is up and stops with it', async () => {
    const worker = new CountingWorker();
    await worker.onApplicationBootstrap();
    await eventually(() => worker.rounds >= 2, 'two rounds', 2000, 5);
    await worker.onApplicationShutdown();
    const rounds = worker.rounds;
    expect(rounds).toBeGreaterThanOrEqual(2);
    await new Promise((resolve) => setTimeout(resolve, 30));
    expect(worker.rounds).toBe(rounds);
  });
});
