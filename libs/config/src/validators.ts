import * as fs from 'node:fs';
import {
  FingerprintKey,
  KeyRing,
  OpeningKeyRing,
  SealingKey,
  parsePkcs11Labels,
} from '@opp/crypto';
import { ValidateBy, type ValidationOptions } from 'class-validator';

const HOST_PORT = /^[A-Za-z0-9.-]+:\d{1,5}$/;

export function IsPort(options?: ValidationOptions): PropertyDecorator {
  return ValidateBy(
    {
      name: 'isPort',
      validator: {
        validate: (value: unknown) =>
          Number.isInteger(value) && (value as number) >= 1 && (value as number) <= 65535,
        defaultMessage: () => '$property must be an integer between 1 and 65535',
      },
    },
    options,
  );
}

export function IsBrokerList(options?: ValidationOptions): PropertyDecorator {
  return ValidateBy(
    {
      name: 'isBrokerList',
      validator: {
        validate: (value: unknown) =>
          Array.isArray(value) &&
          value.length > 0 &&
          value.every((item) => typeof item === 'string' && HOST_PORT.test(item)),
        defaultMessage: () => '$property must be a comma-separated list of host:port',
      },
    },
    options,
  );
}

export function IsPostgresUrl(options?: ValidationOptions): PropertyDecorator {
  return ValidateBy(
    {
      name: 'isPostgresUrl',
      validator: {
        validate: (value: unknown) => typeof value === 'string' && isPostgresUrl(value),
        defaultMessage: () => '$property must be a postgres:// URL',
      },
    },
    options,
  );
}

/** Checked here so a bad key ring is reported with the other problems, before anything starts. */
export function IsKeyRing(options?: ValidationOptions): PropertyDecorator {
  return ValidateBy(
    {
      name: 'isKeyRing',
      validator: {
        validate: (value: unknown) => typeof value === 'string' && keyRingProblem(value) === null,
        // The reason names entries by position and kid only, never key material.
        defaultMessage: (args) =>
          `$property is not a valid key ring: ${keyRingProblem(String(args?.value)) ?? ''}`,
      },
    },
    options,
  );
}

/**
 * The KEKs of a purpose (CARD_DATA_KEKS, MERCHANT_SECRETS_KEKS), read as the config's KEK_PROVIDER
 * says (ADR 0063): a key ring with `env`, key labels of the token with `pkcs11`.
 */
export function IsKeyEncryptionKeys(options?: ValidationOptions): PropertyDecorator {
  const problem = (value: string, provider: string): string | null => {
    if (provider !== 'pkcs11') return keyRingProblem(value);
    try {
      parsePkcs11Labels(value);
      return null;
    } catch (err) {
      return (err as Error).message;
    }
  };
  const providerOf = (object: object): string =>
    (object as { kekProvider?: string }).kekProvider ?? 'env';
  return ValidateBy(
    {
      name: 'isKeyEncryptionKeys',
      validator: {
        validate: (value: unknown, args) =>
          typeof value === 'string' && problem(value, providerOf(args!.object)) === null,
        defaultMessage: (args) =>
          `$property is not valid for KEK_PROVIDER=${providerOf(args!.object)}: ` +
          `${problem(String(args?.value), providerOf(args!.object)) ?? ''}`,
      },
    },
    options,
  );
}

/** A sealing public key (`kid:base64` X25519 SPKI), e.g. CARD_DATA_PUBLIC_KEY. */
export function IsSealingPublicKey(options?: ValidationOptions): PropertyDecorator {
  return keyValidator('isSealingPublicKey', (value) => SealingKey.parse(value), options);
}

/** Private keys that open sealed boxes (`kid:base64[,...]` X25519 PKCS8), e.g. CARD_DATA_PRIVATE_KEYS. */
export function IsOpeningKeyRing(options?: ValidationOptions): PropertyDecorator {
  return keyValidator('isOpeningKeyRing', (value) => new OpeningKeyRing(value), options);
}

/** One `kid:base64key` entry that keys look-ups by value, e.g. CARD_FINGERPRINT_KEY. */
export function IsFingerprintKey(options?: ValidationOptions): PropertyDecorator {
  return keyValidator('isFingerprintKey', (value) => new FingerprintKey(value), options);
}

// The reason comes from @opp/crypto, which names entries by position and kid only.
function keyValidator(
  name: string,
  parse: (value: string) => unknown,
  options?: ValidationOptions,
): PropertyDecorator {
  const problem = (value: string): string | null => {
    try {
      parse(value);
      return null;
    } catch (err) {
      return (err as Error).message;
    }
  };
  return ValidateBy(
    {
      name,
      validator: {
        validate: (value: unknown) => typeof value === 'string' && problem(value) === null,
        defaultMessage: (args) => `$property is not valid: ${problem(String(args?.value)) ?? ''}`,
      },
    },
    options,
  );
}

function isPostgresUrl(value: string): boolean {
  try {
    const url = new URL(value);
    return (url.protocol === 'postgres:' || url.protocol === 'postgresql:') && url.hostname !== '';
  } catch {
    return false;
  }
}

function keyRingProblem(value: string): string | null {
  try {
    new KeyRing(value);
    return null;
  } catch (err) {
    return (err as Error).message.replace(/^Invalid key ring: /, '');
  }
}

/** A file this process can read (a CA bundle, a key): checked at start, not at first connection. */
export function IsReadableFile(options?: ValidationOptions): PropertyDecorator {
  return ValidateBy(
    {
      name: 'isReadableFile',
      validator: {
        validate: (value: unknown) => typeof value === 'string' && isReadable(value),
        defaultMessage: () => '$property must name a readable file',
      },
    },
    options,
  );
}

/** A rule between fields (checked on the field it names, so the message names its variable). */
export function Holds<T extends object>(
  rule: (config: T) => boolean,
  message: string,
): PropertyDecorator {
  return ValidateBy({
    name: 'holds',
    validator: {
      validate: (_value: unknown, args) => rule(args?.object as T),
      defaultMessage: () => message,
    },
  });
}

function isReadable(file: string): boolean {
  try {
    fs.accessSync(file, fs.constants.R_OK);
    return fs.statSync(file).isFile();
  } catch {
    return false;
  }
}

/**
 * A test-only shortening of a specified value (a token lifetime, a day's length): outside
 * production any value the other rules allow, in production only the specified one.
 */
export function KeepsSpecValueInProduction(
  specValue: number,
  options?: ValidationOptions,
): PropertyDecorator {
  return ValidateBy(
    {
      name: 'keepsSpecValueInProduction',
      validator: {
        validate: (value: unknown, args) =>
          (args?.object as { nodeEnv?: string }).nodeEnv !== 'production' || value === specValue,
        defaultMessage: () => '$property cannot be changed in production',
      },
    },
    options,
  );
}
