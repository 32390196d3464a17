import { topicConfigs } from './topics';

describe('topicConfigs', () => {
  it('prefixes names, applies partition defaults and compaction, and drops duplicates', () => {
    const configs = topicConfigs(
      [
        { name: 'payments.events.v1' },
        { name: 'gateway.snapshots.v1', compacted: true, partitions: 1 },
        { name: 'payments.events.v1' },
      ],
      { prefix: 't.a.', defaultPartitions: 4 },
    );
    expect(configs).toEqual([
      {
        topic: 't.a.payments.events.v1',
        numPartitions: 4,
        replicationFactor: 1,
        configEntries: [],
      },
      {
        topic: 't.a.gateway.snapshots.v1',
        numPartitions: 1,
        replicationFactor: 1,
        configEntries: [{ name: 'cleanup.policy', value: 'compact' }],
      },
    ]);
  });

  it('sets the replication factor and min.insync.replicas a production cluster asks for', () => {
    const [config] = topicConfigs([{ name: 'payments.events.v1' }], {
      defaultPartitions: 12,
      replicationFactor: 3,
      minInsyncReplicas: 2,
    });
    expect(config).toEqual({
      topic: 'payments.events.v1',
      numPartitions: 12,
      replicationFactor: 3,
      configEntries: [{ name: 'min.insync.replicas', value: '2' }],
    });
  });

  it('adds the further configs a topic names', () => {
    const [config] = topicConfigs([
      { name: 'small', partitions: 1, config: { 'max.message.bytes': '2048' } },
    ]);
    expect(config.configEntries).toEqual([{ name: 'max.message.bytes', value: '2048' }]);
  });
});
