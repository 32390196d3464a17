import { Client } from 'pg';

/**
 * LISTEN on a PostgreSQL channel with its own connection (a pool's connections come and go) and
 * reconnect after a failure. PostgreSQL delivers a NOTIFY only when the notifying transaction
 * commits, which makes it the right wake-up for work that must see committed rows.
 */
export class PgListener {
  private client?: Client;
  private stopped = true;

  constructor(
    private readonly databaseUrl: string,
    private readonly channel: string,
    /** The notification's payload; none when waking once after a reconnection. */
    private readonly onNotify: (payload?: string) => void,
    private readonly onError: (error: Error) => void = () => undefined,
    private readonly reconnectMs = 1000,
  ) {
    if (!/^[a-z_][a-z0-9_]*$/.test(channel)) throw new Error(`Invalid channel name ${channel}`);
  }

  async start(): Promise<void> {
    this.stopped = false;
    const client = new Client({ connectionString: this.databaseUrl });
    client.on('notification', (message) => this.onNotify(message.payload));
    client.on('error', (error) => {
      this.onError(error);
      void client.end().catch(() => undefined);
      this.reconnectLater();
    });
    await client.connect();
    await client.query(`LISTEN ${this.channel}`);
    this.client = client;
  }

  private reconnectLater(): void {
    if (this.stopped) return;
    setTimeout(() => {
      if (this.stopped) return;
      this.onNotify(); // whatever was notified while disconnected is lost: wake once
      this.start().catch((error: Error) => {
        this.onError(error);
        this.reconnectLater();
      });
    }, this.reconnectMs).unref();
  }

  async stop(): Promise<void> {
    this.stopped = true;
    await this.client?.end().catch(() => undefined);
  }
}
