import { databaseUrl, dropDatabases, ensureDatabases } from '@opp/local-stack';
import { testBrokers, testDatabaseAdminUrl } from '@opp/testing';
import { WorkCounter } from '../work-counts';
import { startBareTree } from './bare-tree';

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
    const { messages } = await new WorkCounter(
      testBrokers(),
      bare.topicPrefix,
      adminUrl,
      database,
    ).sample();
    expect([...messages.values()].reduce((sum, n) => sum + n, 0)).toBe(3 * 26);
  });
});
