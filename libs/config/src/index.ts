export { Env, type EnvOptions, type EnvValueType } from './env.decorator';
export { loadConfig } from './load-config';
export { ConfigError } from './config-error';
export { exitOnConfigError, EX_CONFIG } from './exit-on-config-error';
export {
  IsPort,
  IsBrokerList,
  IsPostgresUrl,
  IsKeyRing,
  IsKeyEncryptionKeys,
  IsReadableFile,
  Holds,
  IsSealingPublicKey,
  IsOpeningKeyRing,
  IsFingerprintKey,
  KeepsSpecValueInProduction,
} from './validators';
export {
  RuntimeEnvConfig,
  KafkaEnvConfig,
  ServiceBaseConfig,
  devDatabaseUrl,
  KAFKA_SASL_MECHANISMS,
  type KafkaSaslMechanism,
  LOG_LEVELS,
  NODE_ENVS,
  type LogLevel,
  type NodeEnv,
} from './base-config';
export { serviceConfig } from './service-config';
export { environmentModeOf, runsWithProductionRules, RELAXED_NODE_ENVS } from './environment-mode';
export { DEV_CARD_DATA_PRIVATE_KEYS, DEV_CARD_DATA_PUBLIC_KEY } from './dev-card-data-keys';
export {
  DEV_CARD_DATA_KEKS,
  DEV_CARD_FINGERPRINT_KEY,
  DEV_HOSTED_PAGE_KEYS,
  DEV_MERCHANT_SECRETS_KEKS,
  DEV_SECRETS_KEYS,
} from './dev-key-hierarchy';
export { withRecordKeys } from './record-keys-config';
export { withLegacyKeyRing, withPlatformKeyRing } from './platform-key-ring-config';
