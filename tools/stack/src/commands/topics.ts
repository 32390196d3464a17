import { allTopics } from '@opp/contracts';
import { ConfigError, loadConfig } from '@opp/config';
import { createTopics } from '@opp/local-stack';
import { kafkaSecurityOptions } from '@opp/messaging';
import { TopicsJobConfig } from './topics-job-config';

/**
 * `stack topics`: creates every topic of the contracts (with KAFKA_TOPIC_PREFIX), idempotently, and
 * grows the partitions of existing ones to KAFKA_TOPIC_PARTITIONS. The Kubernetes Job and the compose
 * one-shot service run this.
 */
export async function topicsCommand(env: NodeJS.ProcessEnv = process.env): Promise<number> {
  let config: TopicsJobConfig;
  try {
    config = loadConfig(TopicsJobConfig, env);
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error;
    console.error(`[stack] topics: ${error.message}`);
    return 78;
  }
  const created = await createTopics(config.kafkaBrokers.join(','), allTopics, {
    prefix: config.kafkaTopicPrefix,
    defaultPartitions: config.partitions,
    replicationFactor: config.replicationFactor,
    minInsyncReplicas: config.minInsyncReplicas,
    security: kafkaSecurityOptions(config),
  });
  console.log(
    `[stack] topics: ${created.length} created, ${allTopics.length} expected ` +
      `(${config.partitions} partitions, replication ${config.replicationFactor}, ` +
      `min.insync.replicas ${config.minInsyncReplicas})`,
  );
  return 0;
}
