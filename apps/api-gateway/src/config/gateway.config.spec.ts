import {
  ConfigError,
  DEV_HOSTED_PAGE_KEYS,
  DEV_MERCHANT_SECRETS_KEKS,
  loadConfig,
} from '@opp/config';
import { generateSealingKeyPair } from '@opp/crypto';
import { GatewayConfig } from './gateway.config';

const PRODUCTION = {
  NODE_ENV: 'production',
  KAFKA_BROKERS: 'kafka:9092',
  SECRETS_KEYS: `k1:${Buffer.alloc(32, 7).toString('base64')}`,
  GATEWAY_DATABASE_URL: 'postgres://gw:pw@db.internal:5432/gateway',
  ADMIN_TOKEN: 'a-long-production-token',
  ADMIN_PORT: '9010',
  CARD_DATA_PUBLIC_KEY: generateSealingKeyPair('c1').publicKey,
  MERCHANT_SECRETS_KEKS: `m2:${Buffer.alloc(32, 2).toString('base64')},m1:${Buffer.alloc(32, 1).toString('base64')}`,
  HOSTED_PAGE_KEYS: `h1:${Buffer.alloc(32, 3).toString('base64')}`,
  PUBLIC_GATEWAY_URL: 'https://api.opp.example.com',
};

function problemsOf(env: Record<string, string>): string[] {
  try {
    loadConfig(GatewayConfig, env);
  } catch (err) {
    if (err instanceof ConfigError) return err.problems;
    throw err;
  }
  return [];
}

describe('GatewayConfig: the edge settings', () => {
  it('reads a production environment: admin port, trusted proxies', () => {
    const config = loadConfig(GatewayConfig, {
      ...PRODUCTION,
      TRUSTED_PROXIES: '10.0.0.0/8, 192.168.1.7,fd00::/8',
    });
    expect(config).toMatchObject({
      adminPort: 9010,
      trustedProxies: ['10.0.0.0/8', '192.168.1.7', 'fd00::/8'],
      adminRateLimitPerMinute: 600,
    });
  });

  it('trusts no proxy and listens for admin calls on 3010 by default outside production', () => {
    const config = loadConfig(GatewayConfig, { NODE_ENV: 'development' });
    expect(config.trustedProxies).toEqual([]);
    expect(config.adminPort).toBe(3010);
  });

  it('binds the admin listener to loopback unless ADMIN_HOST says otherwise (M5, ADR 0061)', () => {
    expect(loadConfig(GatewayConfig, { NODE_ENV: 'development' }).adminHost).toBe('127.0.0.1');
    expect(loadConfig(GatewayConfig, PRODUCTION).adminHost).toBe('127.0.0.1');
    expect(loadConfig(GatewayConfig, { ...PRODUCTION, ADMIN_HOST: '0.0.0.0' }).adminHost).toBe(
      '0.0.0.0',
    );
    for (const value of ['localhost', 'admin.internal', '300.1.1.1']) {
      expect(problemsOf({ ...PRODUCTION, ADMIN_HOST: value })).toEqual([
        'ADMIN_HOST must be an ip address',
      ]);
    }
  });

  it('requires ADMIN_PORT in production, apart from the public port', () => {
    const { ADMIN_PORT: _omitted, ...withoutPort } = PRODUCTION;
    expect(problemsOf(withoutPort)).toEqual(['ADMIN_PORT is required']);
    expect(problemsOf({ ...PRODUCTION, ADMIN_PORT: '3000' })).toEqual([
      'ADMIN_PORT must differ from GATEWAY_PORT',
    ]);
  });

  it('requires its public address in production: answers link its 3-D Secure page (ADR 0007)', () => {
    const { PUBLIC_GATEWAY_URL: _omitted, ...withoutUrl } = PRODUCTION;
    expect(problemsOf(withoutUrl)).toEqual(['PUBLIC_GATEWAY_URL is required']);
    expect(loadConfig(GatewayConfig, PRODUCTION).publicGatewayUrl).toBe(
      'https://api.opp.example.com',
    );
  });

  it('refuses the development admin token in production', () => {
    expect(problemsOf({ ...PRODUCTION, ADMIN_TOKEN: 'dev-admin-token' })).toEqual([
      'ADMIN_TOKEN is the development value and cannot be used in production',
    ]);
  });

  it('refuses proxies that are not addresses or CIDR ranges', () => {
    for (const value of ['*', 'proxy.internal', '10.0.0.0/33', '10.0.0.1/8/1', 'fd00::/129']) {
      expect(problemsOf({ ...PRODUCTION, TRUSTED_PROXIES: value })).toEqual([
        'TRUSTED_PROXIES must be a comma-separated list of IP addresses or CIDR ranges',
      ]);
    }
  });
});

describe('GatewayConfig: keys by purpose (docs/security/key-hierarchy.md)', () => {
  it('reads the merchant-secret KEKs and the hosted-page keys', () => {
    const config = loadConfig(GatewayConfig, PRODUCTION);
    expect(config.merchantSecretsKeks).toBe(PRODUCTION.MERCHANT_SECRETS_KEKS);
    expect(config.hostedPageKeys).toBe(PRODUCTION.HOSTED_PAGE_KEYS);
    expect(config.keyRotationBatchSize).toBe(200);
  });

  it('has no production default and refuses the development keys in production', () => {
    const { MERCHANT_SECRETS_KEKS: _kek, HOSTED_PAGE_KEYS: _hp, ...without } = PRODUCTION;
    expect(problemsOf(without).join('\n')).toMatch(
      /MERCHANT_SECRETS_KEKS[\s\S]*HOSTED_PAGE_KEYS|HOSTED_PAGE_KEYS[\s\S]*MERCHANT_SECRETS_KEKS/,
    );
    const dev = problemsOf({
      ...PRODUCTION,
      MERCHANT_SECRETS_KEKS: DEV_MERCHANT_SECRETS_KEKS,
      HOSTED_PAGE_KEYS: DEV_HOSTED_PAGE_KEYS,
    });
    expect(dev).toHaveLength(2);
    expect(loadConfig(GatewayConfig, { NODE_ENV: 'development' }).merchantSecretsKeks).toBe(
      DEV_MERCHANT_SECRETS_KEKS,
    );
  });

  it('refuses a malformed KEK list without echoing key material', () => {
    const short = Buffer.alloc(16, 9).toString('base64');
    const problems = problemsOf({ ...PRODUCTION, MERCHANT_SECRETS_KEKS: `m1:${short}` });
    expect(problems.join('\n')).toMatch(/MERCHANT_SECRETS_KEKS[\s\S]*16 bytes/);
    expect(problems.join('\n')).not.toContain(short);
  });
});

describe('GatewayConfig: TRACE_RECORDING (ADR 0066)', () => {
  it('records by default, and reads off', () => {
    expect(loadConfig(GatewayConfig, PRODUCTION).traceRecording).toBe('on');
    expect(
      loadConfig(GatewayConfig, { ...PRODUCTION, TRACE_RECORDING: 'off' }).traceRecording,
    ).toBe('off');
  });

  it('refuses any other value at start', () => {
    expect(problemsOf({ ...PRODUCTION, TRACE_RECORDING: 'false' })).toEqual([
      expect.stringContaining('TRACE_RECORDING'),
    ]);
  });
});
