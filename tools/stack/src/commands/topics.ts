import { allTopics } from '@opp/contracts';
import { createTopics } from '@opp/local-stack';

/**
 * `stack topics`: creates every topic of the contracts on KAFKA_BROKERS (with KAFKA_TOPIC_PREFIX),
 * idempotently. The Kubernetes Job and the compose one-shot service run this.
 */
export async function topicsCommand(env: NodeJS.ProcessEnv = process.env): Promise<number> {
  const brokers = env.KAFKA_BROKERS;
  if (!brokers) {
    console.error('[stack] topics: KAFKA_BROKERS is required');
    return 78;
  }
  const partitions = Number(env.KAFKA_TOPIC_PARTITIONS ?? '6');
  if (!Number.isInteger(partitions) || partitions < 1) {
    console.error('[stack] topics: KAFKA_TOPIC_PARTITIONS must be a positive integer');
    return 78;
  }
  const created = await createTopics(brokers, allTopics, {
    prefix: env.KAFKA_TOPIC_PREFIX ?? '',
    defaultPartitions: partitions,
  });
  console.log(`[stack] topics: ${created.length} created, ${allTopics.length} expected`);
  return 0;
}
