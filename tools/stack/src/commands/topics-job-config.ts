import { IsInt, Max, Min } from 'class-validator';
import { Env, Holds, KafkaEnvConfig } from '@opp/config';

/**
 * What the topic-creation Job reads (deploy/base/kafka-topics-job.yaml; compose's `topics`): the
 * broker settings every service uses, plus the shape of the topics. Partitions bound how many
 * replicas of a service consume in parallel: keep them >= the largest HPA maxReplicas.
 */
export class TopicsJobConfig extends KafkaEnvConfig {
  @Env('KAFKA_TOPIC_PARTITIONS', { default: '6' })
  @IsInt()
  @Min(1)
  @Max(1000)
  partitions: number;

  @Env('KAFKA_TOPIC_REPLICATION_FACTOR', { devDefault: '1' })
  @IsInt()
  @Min(1)
  @Max(10)
  replicationFactor: number;

  @Env('KAFKA_TOPIC_MIN_INSYNC_REPLICAS', { devDefault: '1' })
  @IsInt()
  @Min(1)
  @Holds(
    (config: TopicsJobConfig) => config.minInsyncReplicas <= config.replicationFactor,
    '$property must not exceed KAFKA_TOPIC_REPLICATION_FACTOR',
  )
  minInsyncReplicas: number;
}
