import { IsString } from 'class-validator';
import { ConfigError } from './config-error';
import { DEV_CARD_DATA_PRIVATE_KEYS, DEV_CARD_DATA_PUBLIC_KEY } from './dev-card-data-keys';
import { Env } from './env.decorator';
import { loadConfig } from './load-config';
import { IsOpeningKeyRing, IsSealingPublicKey } from './validators';
import { generateSealingKeyPair, OpeningKeyRing } from '@opp/crypto';

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
    const config = loadConfig(SealingConfig, { NODE_ENV: 'development' });
    expect(new OpeningKeyRing(config.privateKeys).currentPublicKey()).toBe(config.publicKey);
  });

  it('has no production default for either half', () => {
    expect(problemsOf({ NODE_ENV: 'production' })).toEqual([
      'CARD_DATA_PUBLIC_KEY is required',
      'CARD_DATA_PRIVATE_KEYS is required',
    ]);
  });

  // Issue 37 L3, ADR 0061: the development pair's private half is in the repository, so anything
  // sealed to its public half is readable by anyone; production refuses either half.
  describe('with production rules (NODE_ENV production, unset or staging)', () => {
    const other = generateSealingKeyPair('k1');
    const publicKey = DEV_CARD_DATA_PUBLIC_KEY.split(':')[1];
    const refusal = (variable: string) =>
      `${variable} holds the development card-data key, whose private half is in the repository: ` +
      'it cannot be used in production';

    it.each<Record<string, string>>([{ NODE_ENV: 'production' }, {}, { NODE_ENV: 'staging' }])(
      'refuses the development public key, under any kid, with %p',
      (mode) => {
        for (const value of [DEV_CARD_DATA_PUBLIC_KEY, `k9:${publicKey}`]) {
          expect(
            problemsOf({
              ...mode,
              CARD_DATA_PUBLIC_KEY: value,
              CARD_DATA_PRIVATE_KEYS: other.privateKey,
            }),
          ).toEqual([refusal('CARD_DATA_PUBLIC_KEY')]);
        }
      },
    );

    it('refuses the development private key, also inside a ring', () => {
      expect(
        problemsOf({
          NODE_ENV: 'staging',
          CARD_DATA_PUBLIC_KEY: other.publicKey,
          CARD_DATA_PRIVATE_KEYS: `${other.privateKey},${DEV_CARD_DATA_PRIVATE_KEYS}`,
        }),
      ).toEqual([expect.stringMatching(/^CARD_DATA_PRIVATE_KEYS .*cannot be used in production/)]);
    });

    it('accepts a pair of its own', () => {
      expect(
        problemsOf({
          CARD_DATA_PUBLIC_KEY: other.publicKey,
          CARD_DATA_PRIVATE_KEYS: other.privateKey,
        }),
      ).toEqual([]);
    });
  });

  it('refuses malformed keys without echoing them', () => {
    const secret = DEV_CARD_DATA_PRIVATE_KEYS.split(':')[1].slice(0, 20);
    const problems = problemsOf({
      NODE_ENV: 'development',
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
