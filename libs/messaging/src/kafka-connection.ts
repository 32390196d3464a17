import { Logger } from '@nestjs/common';
import { Kafka, logLevel, type KafkaConfig, type LogEntry } from 'kafkajs';
import type { TopicDefinition } from '@opp/contracts';
import { quietKafkajsIdleTimers } from './kafkajs-idle-timers';
import type { KafkaSecurityOptions } from './kafka-security';

export interface KafkaConnectionOptions {
  brokers: string[];
  clientId: string;
  /** Prepended to every topic name and consumer group (one isolated stack per prefix). */
  topicPrefix?: string;
  /** TLS and SASL (kafkaSecurityOptions); plaintext without credentials when left out. */
  security?: KafkaSecurityOptions;
  /** The producer's idempotent mode (KAFKA_PRODUCER_IDEMPOTENT, ADR 0022); off by default. */
  idempotentProducer?: boolean;
}

const levelNames: Record<number, 'error' | 'warn' | 'log' | 'debug'> = {
  [logLevel.ERROR]: 'error',
  [logLevel.WARN]: 'warn',
  [logLevel.INFO]: 'log',
  [logLevel.DEBUG]: 'debug',
};

/** kafkajs logs through the service's logger, so broker trouble shows up in the same JSON stream. */
const logCreator = () => {
  const logger = new Logger('kafkajs');
  return ({ level, log }: LogEntry) => {
    const { message, ...extra } = log;
    logger[levelNames[level] ?? 'log']({ msg: message, ...extra });
  };
};

/**
 * One broker connection per service process, with topic naming in one place.
 * Connection retries are short: callers decide what a broken broker means (the gateway answers 503
 * at once; consumers restart themselves and resume when the broker is back).
 */
export class KafkaConnection {
  readonly kafka: Kafka;
  readonly prefix: string;

  constructor(readonly options: KafkaConnectionOptions) {
    this.prefix = options.topicPrefix ?? '';
    const config: KafkaConfig = {
      clientId: options.clientId,
      brokers: options.brokers,
      connectionTimeout: 3000,
      requestTimeout: 10000,
      retry: { initialRetryTime: 200, maxRetryTime: 2000, retries: 5 },
      logLevel: logLevel.WARN,
      logCreator,
      ...options.security,
    };
    quietKafkajsIdleTimers();
    this.kafka = new Kafka(config);
  }

  topicName(topic: TopicDefinition | string): string {
    return this.prefix + (typeof topic === 'string' ? topic : topic.name);
  }

  groupId(group: string): string {
    return this.prefix + group;
  }
}
