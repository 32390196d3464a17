import { kafkaServerProperties, renderProperties } from './kafka-properties';

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
