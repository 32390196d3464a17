import type { KafkaConnection } from '@opp/messaging';
import type { DataSource } from 'typeorm';
import type { GatewayConfig } from '../../config/gateway.config';
import { MessageLogRecorder } from './message-log.recorder';

describe('MessageLogRecorder: TRACE_RECORDING (ADR 0066)', () => {
  const recorderWith = (traceRecording: 'on' | 'off') => {
    // A consumer whose broker is away: the recorder gives up quietly (it is stopped at once).
    const consumer = jest.fn(() => ({
      events: { CRASH: 'consumer.crash' },
      on: jest.fn(),
      connect: () => Promise.reject(new Error('no broker in a unit test')),
      disconnect: () => Promise.resolve(),
    }));
    const connection = {
      kafka: { consumer },
      groupId: (name: string) => name,
      topicName: () => 'topic',
    } as unknown as KafkaConnection;
    const recorder = new MessageLogRecorder(
      connection,
      {} as DataSource,
      {
        traceRecording,
      } as GatewayConfig,
    );
    return { recorder, consumer };
  };

  it('does not read the topics at all when off', async () => {
    const { recorder, consumer } = recorderWith('off');
    recorder.onApplicationBootstrap();
    await recorder.onApplicationShutdown();
    expect(consumer).not.toHaveBeenCalled();
  });

  it('starts its consumer when on', async () => {
    const { recorder, consumer } = recorderWith('on');
    recorder.onApplicationBootstrap();
    await recorder.onApplicationShutdown();
    expect(consumer).toHaveBeenCalledTimes(1);
  });
});
