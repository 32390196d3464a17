import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { KafkaEnvConfig } from './base-config';
import { ConfigError } from './config-error';
import { loadConfig } from './load-config';

const BROKERS = { NODE_ENV: 'development', KAFKA_BROKERS: 'kafka-1:9093' };

function problemsOf(env: Record<string, string>): string[] {
  try {
    loadConfig(KafkaEnvConfig, env);
  } catch (error) {
    if (error instanceof ConfigError) return error.problems;
    throw error;
  }
  return [];
}

describe('Kafka TLS and SASL settings', () => {
  const caFile = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'kafka-ca-')), 'ca.pem');
  fs.writeFileSync(caFile, '-----BEGIN CERTIFICATE-----\n');

  it('defaults to plaintext without credentials', () => {
    const config = loadConfig(KafkaEnvConfig, BROKERS);
    expect(config.kafkaSsl).toBe(false);
    expect(config.kafkaSaslMechanism).toBeUndefined();
  });

  it('reads TLS with a private CA and SASL/SCRAM credentials', () => {
    const config = loadConfig(KafkaEnvConfig, {
      ...BROKERS,
      NODE_ENV: 'production',
      KAFKA_SSL: 'true',
      KAFKA_SSL_CA_FILE: caFile,
      KAFKA_SASL_MECHANISM: 'scram-sha-512',
      KAFKA_SASL_USERNAME: 'payments',
      KAFKA_SASL_PASSWORD: 'pw',
    });
    expect(config).toMatchObject({
      kafkaSsl: true,
      kafkaSslCaFile: caFile,
      kafkaSaslMechanism: 'scram-sha-512',
      kafkaSaslUsername: 'payments',
      kafkaSaslPassword: 'pw',
    });
  });

  it('refuses SASL without TLS in production, and incomplete settings anywhere', () => {
    expect(
      problemsOf({
        ...BROKERS,
        NODE_ENV: 'production',
        KAFKA_SASL_MECHANISM: 'plain',
        KAFKA_SASL_USERNAME: 'u',
        KAFKA_SASL_PASSWORD: 'p',
      }),
    ).toEqual(['KAFKA_SASL_MECHANISM needs KAFKA_SSL=true in production']);
    expect(problemsOf({ ...BROKERS, KAFKA_SASL_MECHANISM: 'plain' })).toEqual([
      'KAFKA_SASL_USERNAME is required',
      'KAFKA_SASL_PASSWORD is required',
    ]);
    expect(problemsOf({ ...BROKERS, KAFKA_SASL_MECHANISM: 'gssapi' })[0]).toMatch(
      /^KAFKA_SASL_MECHANISM must be one of/,
    );
  });

  it('checks the CA file at start and that it goes with TLS', () => {
    expect(problemsOf({ ...BROKERS, KAFKA_SSL: 'true', KAFKA_SSL_CA_FILE: '/nope.pem' })).toEqual([
      'KAFKA_SSL_CA_FILE must name a readable file',
    ]);
    expect(problemsOf({ ...BROKERS, KAFKA_SSL_CA_FILE: caFile })).toEqual([
      'KAFKA_SSL_CA_FILE needs KAFKA_SSL=true',
    ]);
  });

  it('never shows the SASL password in a problem', () => {
    const problems = problemsOf({
      ...BROKERS,
      KAFKA_SASL_MECHANISM: 'plain',
      KAFKA_SASL_PASSWORD: 'hunter2-secret',
    });
    expect(problems.join('\n')).not.toContain('hunter2-secret');
  });
});
