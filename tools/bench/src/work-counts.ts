import { Kafka, logLevel } from 'kafkajs';
import { Client } from 'pg';

/** One database's cumulative counters (pg_stat_database). */
export interface DatabaseWork {
  transactions: number;
  inserted: number;
  updated: number;
  deleted: number;
}

/** Cumulative counters of the whole system at one moment. */
export interface WorkSample {
  /** Topic (without the stack's prefix) -> messages ever written to it (end offsets summed). */
  messages: ReadonlyMap<string, number>;
  /** Database (without the stack's prefix) -> its counters. */
  databases: ReadonlyMap<string, DatabaseWork>;
}

/** What one charge or one tree made the system do, on average over a window. */
export interface WorkPerUnit {
  messages: { topic: string; perUnit: number }[];
  databases: ({ database: string } & DatabaseWork)[];
}

/**
 * PostgreSQL (15 and later) flushes a backend's statistics when it goes idle, at most once a
 * second, and an idle backend with counts still pending within ten seconds: a sample taken sooner
 * than this after a load misses its tail, and the next window would count it.
 */
const STATISTICS_FLUSH_MS = 11_000;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** `after - before` divided by `units`; topics and databases that did nothing are left out. */
export function workPerUnit(before: WorkSample, after: WorkSample, units: number): WorkPerUnit {
  const per = (later: number, earlier = 0) => (units > 0 ? (later - earlier) / units : Number.NaN);
  const messages = [...after.messages]
    .map(([topic, count]) => ({ topic, perUnit: per(count, before.messages.get(topic)) }))
    .filter((m) => m.perUnit !== 0)
    .sort((a, b) => a.topic.localeCompare(b.topic));
  const databases = [...after.databases]
    .map(([database, later]) => {
      const earlier = before.databases.get(database);
      return {
        database,
        transactions: per(later.transactions, earlier?.transactions),
        inserted: per(later.inserted, earlier?.inserted),
        updated: per(later.updated, earlier?.updated),
        deleted: per(later.deleted, earlier?.deleted),
      };
    })
    .filter((d) => d.transactions !== 0 || d.inserted !== 0 || d.updated !== 0 || d.deleted !== 0)
    .sort((a, b) => a.database.localeCompare(b.database));
  return { messages, databases };
}

/**
 * Counts what a scenario made the system do: messages per topic (from the broker's end offsets)
 * and transactions and rows written per database (from PostgreSQL's statistics). Unlike CPU, the
 * messages and rows do not depend on the machine, and the transactions only through how many
 * messages a batch gathers, so a change to the hot path shows in them from one run to the next
 * (docs/benchmarks.md, counted work).
 */
export class WorkCounter {
  constructor(
    private readonly brokers: string,
    private readonly topicPrefix: string,
    private readonly adminDatabaseUrl: string,
    private readonly databasePrefix: string,
  ) {}

  /**
   * Runs `during` between two samples, each taken once the statistics of what came before have
   * been flushed (STATISTICS_FLUSH_MS of waiting on either side; the idle stack's own few
   * transactions in those seconds are counted with the window), and divides what changed by the
   * units `during` did.
   */
  async measure<T>(
    during: () => Promise<T>,
    unitsOf: (result: T) => number,
  ): Promise<{ result: T; work: WorkPerUnit }> {
    await sleep(STATISTICS_FLUSH_MS);
    const before = await this.sample();
    const result = await during();
    await sleep(STATISTICS_FLUSH_MS);
    return { result, work: workPerUnit(before, await this.sample(), unitsOf(result)) };
  }

  async sample(): Promise<WorkSample> {
    const [messages, databases] = await Promise.all([this.messages(), this.databases()]);
    return { messages, databases };
  }

  private async messages(): Promise<Map<string, number>> {
    const kafka = new Kafka({ brokers: this.brokers.split(','), logLevel: logLevel.NOTHING });
    const admin = kafka.admin();
    await admin.connect();
    try {
      const topics = (await admin.listTopics()).filter((t) => t.startsWith(this.topicPrefix));
      const counts = new Map<string, number>();
      for (const topic of topics) {
        const offsets = await admin.fetchTopicOffsets(topic);
        const written = offsets.reduce((sum, partition) => sum + Number(partition.high), 0);
        counts.set(topic.slice(this.topicPrefix.length), written);
      }
      return counts;
    } finally {
      await admin.disconnect();
    }
  }

  private async databases(): Promise<Map<string, DatabaseWork>> {
    const client = new Client({ connectionString: this.adminDatabaseUrl });
    await client.connect();
    try {
      const { rows } = await client.query<{
        datname: string;
        xact_commit: string;
        tup_inserted: string;
        tup_updated: string;
        tup_deleted: string;
      }>(
        `SELECT datname, xact_commit, tup_inserted, tup_updated, tup_deleted
           FROM pg_stat_database WHERE starts_with(datname, $1)`,
        [this.databasePrefix],
      );
      return new Map(
        rows.map((row) => [
          row.datname.slice(this.databasePrefix.length),
          {
            transactions: Number(row.xact_commit),
            inserted: Number(row.tup_inserted),
            updated: Number(row.tup_updated),
            deleted: Number(row.tup_deleted),
          },
        ]),
      );
    } finally {
      await client.end();
    }
  }
}
