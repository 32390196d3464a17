import { IsBoolean, IsInt, IsOptional, IsString, Min } from 'class-validator';
import { ServiceBaseConfig, devDatabaseUrl } from './base-config';
import { ConfigError } from './config-error';
import { Env } from './env.decorator';
import { loadConfig } from './load-config';
import { withPlatformKeyRing } from './platform-key-ring-config';
import { IsPort, IsPostgresUrl } from './validators';

class PaymentsConfig extends withPlatformKeyRing(ServiceBaseConfig) {
  @Env('PAYMENTS_PORT', { default: '3002' })
  @IsPort()
  port: number;

  @Env('PAYMENTS_DATABASE_URL', { secret: true, devDefault: devDatabaseUrl('opp_payments') })
  @IsPostgresUrl()
  databaseUrl: string;
}

const KEY = Buffer.alloc(32, 1).toString('base64');
const PRODUCTION = {
  NODE_ENV: 'production',
  KAFKA_BROKERS: 'kafka-1:9092,kafka-2:9092',
  SECRETS_KEYS: `k1:${KEY}`,
  PAYMENTS_DATABASE_URL: 'postgres://app:s3cr3t-pw@db.internal:5432/payments',
};

function problemsOf(load: () => unknown): string[] {
  try {
    load();
  } catch (err) {
    if (err instanceof ConfigError) return err.problems;
    throw err;
  }
  throw new Error('expected a ConfigError');
}

describe('loadConfig', () => {
  it('applies development defaults outside production', () => {
    const config = loadConfig(PaymentsConfig, { NODE_ENV: 'development' });
    expect(config).toBeInstanceOf(PaymentsConfig);
    expect(config).toMatchObject({
      nodeEnv: 'development',
      logLevel: 'info',
      kafkaBrokers: ['127.0.0.1:9092'],
      kafkaTopicPrefix: '',
      port: 3002,
      databaseUrl: 'postgres://postgres@127.0.0.1:5432/opp_payments',
    });
    expect(config.kafkaClientId).toBeUndefined();
    expect(config.secretsKeys).toMatch(/^dev:/);
    expect(config.isProduction).toBe(false);
  });

  it('reads a complete production environment', () => {
    const config = loadConfig(PaymentsConfig, {
      ...PRODUCTION,
      LOG_LEVEL: 'warn',
      PAYMENTS_PORT: '8080',
      KAFKA_TOPIC_PREFIX: 'stack-7.',
      KAFKA_CLIENT_ID: 'payments-1',
    });
    expect(config).toMatchObject({
      nodeEnv: 'production',
      logLevel: 'warn',
      port: 8080,
      kafkaBrokers: ['kafka-1:9092', 'kafka-2:9092'],
      kafkaTopicPrefix: 'stack-7.',
      kafkaClientId: 'payments-1',
      secretsKeys: `k1:${KEY}`,
    });
    expect(config.isProduction).toBe(true);
  });

  it('never applies development defaults in production, so secrets must be set', () => {
    expect(problemsOf(() => loadConfig(PaymentsConfig, { NODE_ENV: 'production' }))).toEqual([
      'KAFKA_BROKERS is required',
      'SECRETS_KEYS is required',
      'PAYMENTS_DATABASE_URL is required',
    ]);
  });

  it('reports every problem in one message naming the variables', () => {
    const load = () =>
      loadConfig(PaymentsConfig, {
        ...PRODUCTION,
        PAYMENTS_DATABASE_URL: undefined,
        PAYMENTS_PORT: '70000',
        LOG_LEVEL: 'loud',
        KAFKA_BROKERS: 'kafka-1',
      });
    expect(load).toThrow(
      'Invalid configuration for payments: LOG_LEVEL must be one of the following values: ' +
        'fatal, error, warn, info, debug, trace, silent; ' +
        'KAFKA_BROKERS must be a comma-separated list of host:port; ' +
        'PAYMENTS_PORT must be an integer between 1 and 65535; PAYMENTS_DATABASE_URL is required',
    );
  });

  it('never shows secret values in its errors', () => {
    const badSecrets = { ...PRODUCTION, SECRETS_KEYS: `k1:${KEY.slice(4)}`, PAYMENTS_DATABASE_URL: 'mysql://u:pw-XYZ@h/db' };
    const problems = problemsOf(() => loadConfig(PaymentsConfig, badSecrets));
    expect(problems).toEqual([
      'SECRETS_KEYS is not a valid key ring: entry 1 (kid "k1") has a key of 29 bytes; AES-256 needs 32',
      'PAYMENTS_DATABASE_URL must be a postgres:// URL',
    ]);
    expect(problems.join()).not.toContain(KEY.slice(4));
    expect(problems.join()).not.toContain('pw-XYZ');
  }); // prettier-ignore

  it('treats an empty variable as unset', () => {
    expect(
      loadConfig(PaymentsConfig, {
        NODE_ENV: 'development',
        PAYMENTS_PORT: '',
        KAFKA_BROKERS: '',
      }),
    ).toMatchObject({
      port: 3002,
      kafkaBrokers: ['127.0.0.1:9092'],
    });
  });

  // Issue 37 L3, ADR 0061: fail closed. Only development and test relax production rules.
  it.each([undefined, '', 'staging', 'prod', 'Development'])(
    'runs NODE_ENV=%p with production rules: no development defaults',
    (nodeEnv) => {
      const env = nodeEnv === undefined ? {} : { NODE_ENV: nodeEnv };
      expect(problemsOf(() => loadConfig(PaymentsConfig, env))).toEqual([
        'KAFKA_BROKERS is required',
        'SECRETS_KEYS is required',
        'PAYMENTS_DATABASE_URL is required',
      ]);
      expect(loadConfig(PaymentsConfig, { ...PRODUCTION, NODE_ENV: nodeEnv })).toMatchObject({
        nodeEnv: 'production',
        isProduction: true,
      });
    },
  );

  it.each(['development', 'test'])('relaxes production rules only for NODE_ENV=%s', (nodeEnv) => {
    expect(loadConfig(PaymentsConfig, { NODE_ENV: nodeEnv })).toMatchObject({
      nodeEnv,
      isProduction: false,
    });
  });

  it('returns a frozen object', () => {
    const config = loadConfig(PaymentsConfig, { NODE_ENV: 'development' });
    expect(Object.isFrozen(config)).toBe(true);
  });

  it('names the configuration after its class', () => {
    class ProcessingOrchestratorConfig extends ServiceBaseConfig {}
    expect(() => loadConfig(ProcessingOrchestratorConfig, { NODE_ENV: 'production' })).toThrow(
      /^Invalid configuration for processing-orchestrator: /,
    );
  });
});

describe('type conversion', () => {
  class TypedConfig {
    @Env('COUNT')
    @IsInt()
    @Min(0)
    count: number;

    @Env('ENABLED', { default: 'false' })
    @IsBoolean()
    enabled: boolean;

    @Env('HOSTS', { default: 'a, b,,c' })
    @IsString({ each: true })
    hosts: string[];

    @Env('NAME')
    @IsOptional()
    @IsString()
    name?: string;
  }

  it('converts numbers, booleans and comma-separated lists', () => {
    expect(loadConfig(TypedConfig, { COUNT: '42', ENABLED: 'true' })).toMatchObject({
      count: 42,
      enabled: true,
      hosts: ['a', 'b', 'c'],
    });
  });

  it.each([
    ['true', true],
    ['1', true],
    ['YES', true],
    ['on', true],
    ['false', false],
    ['0', false],
    ['no', false],
    ['OFF', false],
  ])('reads the boolean %s as %s', (text, value) => {
    expect(loadConfig(TypedConfig, { COUNT: '1', ENABLED: text }).enabled).toBe(value);
  });

  it('reports text that does not convert instead of guessing', () => {
    expect(problemsOf(() => loadConfig(TypedConfig, { COUNT: 'ten', ENABLED: 'maybe' }))).toEqual([
      'COUNT must not be less than 0',
      'COUNT must be an integer number',
      'ENABLED must be a boolean value',
    ]);
  });

  it('checks converted numbers with their validators', () => {
    expect(problemsOf(() => loadConfig(TypedConfig, { COUNT: '-1' }))).toEqual([
      'COUNT must not be less than 0',
    ]);
    expect(problemsOf(() => loadConfig(TypedConfig, { COUNT: '1.5' }))).toEqual([
      'COUNT must be an integer number',
    ]);
  });

  it('leaves an optional variable undefined', () => {
    expect(loadConfig(TypedConfig, { COUNT: '1' }).name).toBeUndefined();
  });

  it('honours an explicit type over the inferred one', () => {
    class ExplicitConfig {
      @Env('RETRY_SCHEDULE', { type: 'list', default: '1s,5s' })
      @IsString({ each: true })
      schedule: readonly string[];
    }
    expect(loadConfig(ExplicitConfig, { NODE_ENV: 'development' }).schedule).toEqual(['1s', '5s']);
  });
});

describe('Env', () => {
  it('refuses a secret with a default that would apply in production', () => {
    expect(() => Env('ADMIN_TOKEN', { secret: true, default: 'x' })).toThrow(
      /ADMIN_TOKEN.*secret must not have a default/,
    );
  });

  it('lets a subclass redeclare a field of its base', () => {
    class GatewayConfig extends ServiceBaseConfig {
      @Env('LOG_LEVEL', { default: 'debug' })
      @IsString()
      // TypeScript asks for an initializer when a field is redeclared; the environment still wins.
      override logLevel: ServiceBaseConfig['logLevel'] = 'info';
    }
    expect(loadConfig(GatewayConfig, { NODE_ENV: 'development' }).logLevel).toBe('debug');
  });

  describe('refuses the literal development secrets in production', () => {
    const development = loadConfig(PaymentsConfig, { NODE_ENV: 'development' });

    it('names the secret set to its development value, without showing it', () => {
      const problems = problemsOf(() =>
        loadConfig(PaymentsConfig, {
          ...PRODUCTION,
          SECRETS_KEYS: development.secretsKeys,
          PAYMENTS_DATABASE_URL: development.databaseUrl,
        }),
      );
      expect(problems).toEqual([
        'SECRETS_KEYS is the development value and cannot be used in production',
        'PAYMENTS_DATABASE_URL is the development value and cannot be used in production',
      ]);
      expect(problems.join(' ')).not.toContain(development.secretsKeys.split(':')[1]);
    });

    it('finds the development key in a ring, under any kid', () => {
      const devKey = development.secretsKeys.split(':')[1];
      for (const ring of [`k1:${KEY},${development.secretsKeys}`, `k2:${devKey}`]) {
        expect(
          problemsOf(() => loadConfig(PaymentsConfig, { ...PRODUCTION, SECRETS_KEYS: ring })),
        ).toEqual(['SECRETS_KEYS is the development value and cannot be used in production']);
      }
    });

    it('accepts the development values outside production', () => {
      const env = {
        SECRETS_KEYS: development.secretsKeys,
        PAYMENTS_DATABASE_URL: development.databaseUrl,
      };
      expect(loadConfig(PaymentsConfig, { ...env, NODE_ENV: 'test' }).secretsKeys).toBe(
        development.secretsKeys,
      );
    });
  });
});
