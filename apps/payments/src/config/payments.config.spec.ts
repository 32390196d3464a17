import {
  ConfigError,
  DEV_CARD_DATA_KEKS,
  DEV_CARD_FINGERPRINT_KEY,
  DEV_HOSTED_PAGE_KEYS,
  loadConfig,
} from '@opp/config';
import { generateSealingKeyPair } from '@opp/crypto';
import { PaymentsConfig } from './payments.config';

const key = (fill: number) => Buffer.alloc(32, fill).toString('base64');
const PRODUCTION = {
  NODE_ENV: 'production',
  KAFKA_BROKERS: 'kafka:9092',
  SECRETS_KEYS: `k1:${key(7)}`,
  PAYMENTS_DATABASE_URL: 'postgres://p:pw@db.internal:5432/payments',
  CARD_DATA_PRIVATE_KEYS: generateSealingKeyPair('c1').privateKey,
  CARD_DATA_KEKS: `kek2:${key(2)},kek1:${key(1)}`,
  CARD_FINGERPRINT_KEY: `fp1:${key(4)}`,
  HOSTED_PAGE_KEYS: `h1:${key(3)}`,
};

function problemsOf(env: Record<string, string>): string[] {
  try {
    loadConfig(PaymentsConfig, env);
  } catch (err) {
    if (err instanceof ConfigError) return err.problems;
    throw err;
  }
  return [];
}

describe('PaymentsConfig: keys by purpose (docs/security/key-hierarchy.md)', () => {
  it('reads the card-data KEKs, the fingerprint key and the hosted-page keys', () => {
    const config = loadConfig(PaymentsConfig, { ...PRODUCTION, KEY_ROTATION_BATCH_SIZE: '50' });
    expect(config).toMatchObject({
      cardDataKeks: PRODUCTION.CARD_DATA_KEKS,
      cardFingerprintKey: PRODUCTION.CARD_FINGERPRINT_KEY,
      hostedPageKeys: PRODUCTION.HOSTED_PAGE_KEYS,
      keyRotationBatchSize: 50,
    });
  });

  it('has development defaults outside production only', () => {
    const config = loadConfig(PaymentsConfig, { NODE_ENV: 'development' });
    expect([config.cardDataKeks, config.cardFingerprintKey, config.hostedPageKeys]).toEqual([
      DEV_CARD_DATA_KEKS,
      DEV_CARD_FINGERPRINT_KEY,
      DEV_HOSTED_PAGE_KEYS,
    ]);
    const {
      CARD_DATA_KEKS: _k,
      CARD_FINGERPRINT_KEY: _f,
      HOSTED_PAGE_KEYS: _h,
      ...without
    } = PRODUCTION;
    const missing = problemsOf(without).join('\n');
    for (const variable of ['CARD_DATA_KEKS', 'CARD_FINGERPRINT_KEY', 'HOSTED_PAGE_KEYS']) {
      expect(missing).toContain(variable);
    }
  });

  it('refuses the development keys in production', () => {
    expect(
      problemsOf({
        ...PRODUCTION,
        CARD_DATA_KEKS: DEV_CARD_DATA_KEKS,
        CARD_FINGERPRINT_KEY: DEV_CARD_FINGERPRINT_KEY,
        HOSTED_PAGE_KEYS: DEV_HOSTED_PAGE_KEYS,
      }),
    ).toHaveLength(3);
  });

  it('takes one fingerprint key, or two while it rotates (ADR 0063)', () => {
    expect(
      problemsOf({ ...PRODUCTION, CARD_FINGERPRINT_KEY: `fp2:${key(5)},fp1:${key(4)}` }),
    ).toEqual([]);
    const problems = problemsOf({
      ...PRODUCTION,
      CARD_FINGERPRINT_KEY: `fp3:${key(6)},fp2:${key(5)},fp1:${key(4)}`,
    });
    expect(problems.join('\n')).toMatch(/CARD_FINGERPRINT_KEY[\s\S]*two while a rotation runs/);
  });
});

describe('PaymentsConfig: no public gateway address (ADR 0031)', () => {
  it("loads in production without PUBLIC_GATEWAY_URL: hosted-page URLs are the gateway's", () => {
    expect(problemsOf(PRODUCTION)).toEqual([]);
    const config = loadConfig(PaymentsConfig, {
      ...PRODUCTION,
      PUBLIC_GATEWAY_URL: 'https://pay.example.com',
    });
    expect(Object.values(config)).not.toContain('https://pay.example.com');
  });
});

describe('PaymentsConfig: the rolling-reserve day (ADR 0027)', () => {
  it('is a real day by default and shortened outside production only', () => {
    expect(loadConfig(PaymentsConfig, { NODE_ENV: 'development' }).reserveDaySeconds).toBe(86400);
    expect(
      loadConfig(PaymentsConfig, { NODE_ENV: 'test', RESERVE_DAY_SECONDS: '2' }).reserveDaySeconds,
    ).toBe(2);
    expect(problemsOf({ ...PRODUCTION, RESERVE_DAY_SECONDS: '2' }).join('\n')).toContain(
      'RESERVE_DAY_SECONDS',
    );
    expect(problemsOf({ RESERVE_DAY_SECONDS: '0' }).join('\n')).toContain('RESERVE_DAY_SECONDS');
  });
});

describe('PaymentsConfig: keys by service (ADR 0063)', () => {
  it('starts in production without SECRETS_KEYS, which only reads rows from before envelopes', () => {
    const { SECRETS_KEYS: _ring, ...without } = PRODUCTION;
    expect(problemsOf(without)).toEqual([]);
    expect(loadConfig(PaymentsConfig, without).secretsKeys).toBeUndefined();
  });
});

describe('PaymentsConfig: the key-encryption-key provider (ADR 0063)', () => {
  const PKCS11 = {
    ...PRODUCTION,
    KEK_PROVIDER: 'pkcs11',
    CARD_DATA_KEKS: 'kek-2,kek-1',
    PKCS11_MODULE: __filename,
    PKCS11_TOKEN_LABEL: 'opp',
    PKCS11_PIN: '123456',
  };

  it('reads the KEKs from the environment by default', () => {
    const config = loadConfig(PaymentsConfig, PRODUCTION);
    expect(config.kekProviderSettings).toEqual({ provider: 'env' });
  });

  it('with pkcs11, reads key labels in CARD_DATA_KEKS and the token settings', () => {
    const config = loadConfig(PaymentsConfig, PKCS11);
    expect(config.cardDataKeks).toBe('kek-2,kek-1');
    expect(config.kekProviderSettings).toEqual({
      provider: 'pkcs11',
      pkcs11: { module: __filename, tokenLabel: 'opp', pin: '123456' },
    });
  });

  it('refuses labels without pkcs11, keys with it, and pkcs11 without its token settings', () => {
    expect(problemsOf({ ...PRODUCTION, CARD_DATA_KEKS: 'kek-2,kek-1' }).join('\n')).toContain(
      'CARD_DATA_KEKS is not valid for KEK_PROVIDER=env',
    );
    expect(
      problemsOf({ ...PKCS11, CARD_DATA_KEKS: PRODUCTION.CARD_DATA_KEKS }).join('\n'),
    ).toContain('CARD_DATA_KEKS is not valid for KEK_PROVIDER=pkcs11');
    const { PKCS11_MODULE: _m, PKCS11_TOKEN_LABEL: _t, PKCS11_PIN: _p, ...withoutToken } = PKCS11;
    const missing = problemsOf(withoutToken).join('\n');
    for (const variable of ['PKCS11_MODULE', 'PKCS11_TOKEN_LABEL', 'PKCS11_PIN']) {
      expect(missing).toContain(variable);
    }
    expect(problemsOf({ ...PRODUCTION, KEK_PROVIDER: 'kms' }).join('\n')).toContain('KEK_PROVIDER');
  });
});

describe('PaymentsConfig: TRACE_RECORDING (ADR 0066)', () => {
  it('records by default, and reads off', () => {
    expect(loadConfig(PaymentsConfig, PRODUCTION).traceRecording).toBe('on');
    expect(
      loadConfig(PaymentsConfig, { ...PRODUCTION, TRACE_RECORDING: 'off' }).traceRecording,
    ).toBe('off');
  });

  it('refuses any other value at start', () => {
    expect(problemsOf({ ...PRODUCTION, TRACE_RECORDING: 'false' })).toEqual([
      expect.stringContaining('TRACE_RECORDING'),
    ]);
  });
});
