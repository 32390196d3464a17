import { clusterReplication, kafkaServerProperties, renderProperties } from './kafka-properties';

describe('kafkaServerProperties', () => {
  const props = kafkaServerProperties({ port: 29092, controllerPort: 29093, dataDir: '/d' });

  it('describes a single-node KRaft cluster on loopback', () => {
    expect(props).toMatchObject({
      'process.roles': 'broker,controller',
      'node.id': '1',
      'controller.quorum.voters': '1@127.0.0.1:29093',
      listeners: 'PLAINTEXT://127.0.0.1:29092,CONTROLLER://127.0.0.1:29093',
      'advertised.listeners': 'PLAINTEXT://127.0.0.1:29092',
      'controller.listener.names': 'CONTROLLER',
      'log.dirs': '/d/logs',
    });
  });

  it('uses replication factor 1 everywhere and never creates topics by itself', () => {
    expect(props).toMatchObject({
      'offsets.topic.replication.factor': '1',
      'transaction.state.log.replication.factor': '1',
      'transaction.state.log.min.isr': '1',
      'default.replication.factor': '1',
      'group.initial.rebalance.delay.ms': '0',
      'auto.create.topics.enable': 'false',
      'num.partitions': '3',
    });
  });
});

describe('kafkaServerProperties of a three-node cluster', () => {
  const quorum = [
    { id: 1, controllerPort: 29093 },
    { id: 2, controllerPort: 29095 },
    { id: 3, controllerPort: 29097 },
  ];
  const props = kafkaServerProperties({
    port: 29094,
    controllerPort: 29095,
    dataDir: '/d2',
    nodeId: 2,
    quorum,
    proxiedListener: { port: 29100, advertisedPort: 29101 },
  });

  it('names every voter and this node', () => {
    expect(props).toMatchObject({
      'node.id': '2',
      'controller.quorum.voters': '1@127.0.0.1:29093,2@127.0.0.1:29095,3@127.0.0.1:29097',
    });
  });

  it('keeps three copies of everything and acknowledges a write once two have it', () => {
    expect(props).toMatchObject({
      'default.replication.factor': '3',
      'min.insync.replicas': '2',
      'offsets.topic.replication.factor': '3',
      'transaction.state.log.replication.factor': '3',
      'transaction.state.log.min.isr': '2',
    });
    expect(props['metadata.max.idle.interval.ms']).toBeUndefined();
  });

  it('advertises the proxied listener at the proxy', () => {
    expect(props.listeners).toBe(
      'PLAINTEXT://127.0.0.1:29094,PROXIED://127.0.0.1:29100,CONTROLLER://127.0.0.1:29095',
    );
    expect(props['advertised.listeners']).toBe(
      'PLAINTEXT://127.0.0.1:29094,PROXIED://127.0.0.1:29101',
    );
    expect(props['listener.security.protocol.map']).toBe(
      'PLAINTEXT:PLAINTEXT,PROXIED:PLAINTEXT,CONTROLLER:PLAINTEXT',
    );
  });
});

describe('clusterReplication', () => {
  it('is 1 of 1 alone and 3 with 2 in sync from three nodes', () => {
    expect(clusterReplication(1)).toEqual({ replicationFactor: 1, minInsyncReplicas: 1 });
    expect(clusterReplication(3)).toEqual({ replicationFactor: 3, minInsyncReplicas: 2 });
    expect(clusterReplication(5)).toEqual({ replicationFactor: 3, minInsyncReplicas: 2 });
  });
});

describe('renderProperties', () => {
  it('writes key=value lines and escapes what java.util.Properties would read differently', () => {
    const text = renderProperties({ a: '1', 'log.dirs': 'C:\\kafka\\logs', b: ' x' });
    expect(text.split('\n').slice(1)).toEqual([
      'a=1',
      'log.dirs=C:\\\\kafka\\\\logs',
      'b=\\ x',
      '',
    ]);
  });
});
