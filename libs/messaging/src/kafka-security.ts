import * as fs from 'node:fs';
import type { KafkaConfig, SASLOptions } from 'kafkajs';

/** How a client authenticates to the brokers and protects the connection (from the service config). */
export interface KafkaSecuritySettings {
  kafkaSsl: boolean;
  kafkaSslCaFile?: string;
  kafkaSaslMechanism?: 'plain' | 'scram-sha-256' | 'scram-sha-512';
  kafkaSaslUsername?: string;
  kafkaSaslPassword?: string;
}

export type KafkaSecurityOptions = Pick<KafkaConfig, 'ssl' | 'sasl'>;

/**
 * kafkajs's `ssl` and `sasl` options. TLS verifies the brokers' certificates (against the CA file
 * when one is given, else the system CAs); it is never switched off.
 */
export function kafkaSecurityOptions(settings: KafkaSecuritySettings): KafkaSecurityOptions {
  const options: KafkaSecurityOptions = {};
  if (settings.kafkaSsl) {
    options.ssl = settings.kafkaSslCaFile
      ? { ca: [fs.readFileSync(settings.kafkaSslCaFile, 'utf8')], rejectUnauthorized: true }
      : true;
  }
  if (settings.kafkaSaslMechanism) {
    options.sasl = {
      mechanism: settings.kafkaSaslMechanism,
      username: settings.kafkaSaslUsername ?? '',
      password: settings.kafkaSaslPassword ?? '',
    } as SASLOptions;
  }
  return options;
}
