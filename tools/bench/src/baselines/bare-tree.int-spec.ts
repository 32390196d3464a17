import { Kafka, logLevel } from 'kafkajs';
import { databaseUrl, dropDatabases, ensureDatabases } from '@opp/local-stack';
import { testBrokers, testDatabaseAdminUrl } from '@opp/testing';
import { startBareTree } from './bare-tree';

/** Messages on the topics, from their end offsets (they start empty). */
async function messagesOn(brokers: string, topics: readonly string[]): Promise<number> {
  const admin = new Kafka({ brokers: [brokers], logLevel: logLevel.NOTHING }).admin();
  await admin.connect();
  try {
    let total = 0;
    for (const topic of topics) {
      for (const partition of await admin.fetchTopicOffsets(topic)) total += Number(partition.high);
    }
    return total;
  } finally {
    await admin.disconnect();
  }
}

describe('the bare tree baseline', () => {
  const adminUrl = testDatabaseAdminUrl();
  const database = `opp_t_bare_tree_${process.pid.toString(36)}${Date.now().toString(36)}`;
  let bare: Awaited<ReturnType<typeof startBareTree>>;

  beforeAll(async () => {
    await ensureDatabases(adminUrl, [database]);
    bare = await startBareTree(testBrokers(), databaseUrl(adminUrl, database));
  });
  afterAll(async () => {
    await bare?.close();
    await dropDatabases(adminUrl, [database]);
  });

  it("sends a tree's 26 messages and keeps its rows: tasks done, users in both tables, notified", async () => {
    await Promise.all([bare.tree(), bare.tree(), bare.tree()]);

    expect(await bare.audit()).toEqual({ trees: 3, incomplete: 0 });
    // The bench's tree (docs/benchmarks.md, counted work): a submit and its reply, per task a
    // command, a result and a user event, the finished event, a status read and its reply.
    expect(await messagesOn(testBrokers(), bare.topics)).toBe(3 * 26);
  });
});
