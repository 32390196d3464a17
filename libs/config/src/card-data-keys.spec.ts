import { IsString } from 'class-validator';
import { ConfigError } from './config-error';
import { DEV_CARD_DATA_PRIVATE_KEYS, DEV_CARD_DATA_PUBLIC_KEY } from './dev-card-data-keys';
import { Env } from './env.decorator';
import { loadConfig } from './load-config';
import { IsOpeningKeyRing, IsSealingPublicKey } from './validators';
import { OpeningKeyRing } from '@opp/crypto';

class SealingConfig {
  @Env('NODE_ENV', { default: 'development' })
  @IsString()
  nodeEnv: string;

  @Env('CARD_DATA_PUBLIC_KEY', { devDefault: DEV_CARD_DATA_PUBLIC_KEY })
  @IsSealingPublicKey()
  publicKey: string;

  @Env('CARD_DATA_PRIVATE_KEYS', { secret: true, devDefault: DEV_CARD_DATA_PRIVATE_KEYS })
  @IsOpeningKeyRing()
  privateKeys: string;
}

function problemsOf(env: Record<string, string>): string[] {
  try {
    loadConfig(SealingConfig, env);
  } catch (err) {
    if (err instanceof ConfigError) return err.problems;
    throw err;
  }
  return [];
}

describe('card-data key config', () => {
  it('defaults to the development pair outside production, whose halves belong together', () => {
    const config = loadConfig(SealingConfig, {});
    expect(new OpeningKeyRing(config.privateKeys).currentPublicKey()).toBe(config.publicKey);
  });

  it('has no production default for either half', () => {
    expect(problemsOf({ NODE_ENV: 'production' })).toEqual([
      'CARD_DATA_PUBLIC_KEY is required',
      'CARD_DATA_PRIVATE_KEYS is required',
    ]);
  });

  it('refuses malformed keys without echoing them', () => {
    const secret = DEV_CARD_DATA_PRIVATE_KEYS.split(':')[1].slice(0, 20);
    const problems = problemsOf({
      CARD_DATA_PUBLIC_KEY: 'k1:AAAA',
      CARD_DATA_PRIVATE_KEYS: `k1:${secret}`,
    });
    expect(problems).toEqual([
      expect.stringMatching(/^CARD_DATA_PUBLIC_KEY is not valid: .*not an X25519 key/),
      expect.stringMatching(/^CARD_DATA_PRIVATE_KEYS is not valid: .*kid "k1"/),
    ]);
    expect(problems.join()).not.toContain(secret);
  });
});
