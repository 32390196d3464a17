export { startAutoanalyzeStandIn, type AutoanalyzeStandIn } from './autoanalyze-stand-in';
export { DEFAULT_ADMIN_URL, databaseUrl, dropDatabases, ensureDatabases } from './databases';
export { copyTemplateDatabase, dropTemplateDatabases } from './database-templates';
export { findFreePort, isPortOpen } from './free-port';
export { waitForKafka, withAdmin, type KafkaSecurityOptions } from './kafka-admin';
export {
  isKafkaProcess,
  isStorageFormatted,
  startKafkaBroker,
  stopKafkaBroker,
  type KafkaBrokerHandle,
  type KafkaBrokerOptions,
} from './kafka-broker';
export {
  startKafkaCluster,
  type KafkaCluster,
  type KafkaClusterNode,
  type KafkaClusterNodePorts,
  type KafkaClusterOptions,
} from './kafka-cluster';
export { resolveKafkaClasspath, type KafkaClasspath } from './kafka-classpath';
export { clusterReplication, kafkaServerProperties, renderProperties } from './kafka-properties';
export { runMigrations, type RunMigrationsOptions } from './migrations';
export {
  commandLine,
  isAlive,
  readPidFile,
  residentMemoryMb,
  tailFile,
  terminatePid,
} from './process-utils';
export { findRepoRoot, localDir } from './repo-paths';
export {
  httpStatus,
  startService,
  waitForReady,
  type ServiceHandle,
  type StartServiceOptions,
} from './service-process';
export {
  APP_NAMES,
  SERVICES,
  databaseName,
  isAppName,
  serviceSpec,
  type AppName,
  type ServiceSpec,
} from './services';
export {
  adminUrlOf,
  choosePorts,
  DEFAULT_ADMIN_PORT,
  startStack,
  type Stack,
  type StartStackOptions,
} from './stack';
export { createTopics, type CreateTopicsOptions, type TopicSpec } from './topics';
export { AUDIT_OWNER_ROLE, AUDIT_WRITER_ROLE, provisionAdminAuditLog } from './admin-audit-log';
export {
  provisionServiceDatabases,
  serviceDatabaseFromUrl,
  type ServiceDatabase,
} from './service-databases';
