import { plainToInstance } from 'class-transformer';
import { validateSync, type ValidationError } from 'class-validator';
import { ConfigError } from './config-error';
import { convertEnvValue } from './convert-env-value';
import { envFieldsOf, type EnvField } from './env.decorator';
import { DEVELOPMENT_KEY_MATERIAL, environmentModeOf } from './environment-mode';

type Env = Record<string, string | undefined>;

/**
 * Reads, converts and validates a config class from the environment once, at start. Reports every
 * problem together so one failed deploy shows everything to fix. The result is frozen.
 * The name in messages comes from the class: PaymentsConfig -> "payments".
 * NODE_ENV is read as its environment mode: anything but development or test is production
 * (ADR 0061), so `nodeEnv` is always one of NODE_ENVS.
 */
export function loadConfig<T extends object>(
  configClass: new () => T,
  givenEnv: Env = process.env,
): T {
  const fields = envFieldsOf(configClass);
  const env: Env = { ...givenEnv, NODE_ENV: environmentModeOf(givenEnv.NODE_ENV) };
  const production = env.NODE_ENV === 'production';
  const plain: Record<string, unknown> = {};
  const missing = new Set<string>();
  for (const field of fields) {
    const text = readText(field, env, production);
    if (text === undefined) missing.add(field.property);
    else plain[field.property] = convertEnvValue(text, field.type);
  }

  const config = plainToInstance(configClass, plain);
  const errorsByProperty = new Map(
    validateSync(config, { forbidUnknownValues: true }).map((e) => [e.property, e]),
  );
  const problems = fields.flatMap((field) => {
    const error = errorsByProperty.get(field.property);
    if (production && isDevelopmentSecret(field, env)) {
      return [`${field.variable} is the development value and cannot be used in production`];
    }
    if (production && holdsDevelopmentKey(env[field.variable])) {
      return [
        `${field.variable} holds the development card-data key, whose private half is in the ` +
          'repository: it cannot be used in production',
      ];
    }
    if (!error) return [];
    return missing.has(field.property) ? [`${field.variable} is required`] : describe(error, field);
  });
  if (problems.length > 0) throw new ConfigError(configNameOf(configClass), problems);
  return Object.freeze(config);
}

// An empty variable counts as unset: deploy templates often render absent values as "".
function readText(field: EnvField, env: Env, production: boolean): string | undefined {
  const text = env[field.variable];
  if (text !== undefined && text !== '') return text;
  if (field.default !== undefined) return field.default;
  return production ? undefined : field.devDefault;
}

/**
 * The literal development value of a secret (e.g. ADMIN_TOKEN=dev-admin-token copied from a
 * README) is public knowledge: production refuses it, also as one entry of a list (a key ring).
 */
function isDevelopmentSecret(field: EnvField, env: Env): boolean {
  const text = env[field.variable];
  if (!field.secret || field.devDefault === undefined || text === undefined) return false;
  const entries = (value: string) => value.split(',').map((entry) => entry.trim());
  const development = new Set(entries(field.devDefault).flatMap(secretParts));
  return entries(text)
    .flatMap(secretParts)
    .some((part) => development.has(part));
}

const DEVELOPMENT_KEY_PARTS = new Set(
  DEVELOPMENT_KEY_MATERIAL.flatMap((key) => key.split(',')).flatMap(secretParts),
);

/** True when `text` holds a development key pair half, under any kid, alone or in a ring. */
function holdsDevelopmentKey(text: string | undefined): boolean {
  if (text === undefined) return false;
  return text
    .split(',')
    .map((entry) => entry.trim())
    .flatMap(secretParts)
    .some((part) => DEVELOPMENT_KEY_PARTS.has(part));
}

// A key ring entry `kid:key` counts by its key too, whatever kid it was filed under.
function secretParts(entry: string): string[] {
  const key = /^[A-Za-z0-9_-]+:([A-Za-z0-9+/=]{40,})$/.exec(entry)?.[1];
  return key ? [entry, key] : [entry];
}

// class-validator names the property ("port must be ..."); the operator knows the variable.
function describe(error: ValidationError, field: EnvField): string[] {
  const propertyWord = new RegExp(`\\b${field.property}\\b`);
  return Object.values(error.constraints ?? {}).map((message) =>
    message.replace(propertyWord, field.variable),
  );
}

function configNameOf(configClass: { name: string }): string {
  return configClass.name
    .replace(/Config$/, '')
    .replace(/([a-z0-9])([A-Z])/g, '$1-$2')
    .toLowerCase();
}
