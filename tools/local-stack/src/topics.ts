import type { Admin, ITopicConfig } from 'kafkajs';
import { withAdmin, type KafkaSecurityOptions } from './kafka-admin';

/** The shape of `allTopics` in @opp/contracts. */
export interface TopicSpec {
  name: string;
  partitions?: number;
  compacted?: boolean;
  /** Further topic configs, e.g. a small `max.message.bytes` in a test of a refused message. */
  config?: Readonly<Record<string, string>>;
}

export interface CreateTopicsOptions {
  /** Prepended to every name (KAFKA_TOPIC_PREFIX), so that parallel stacks never share a topic. */
  prefix?: string;
  defaultPartitions?: number;
  /** 1 on a single broker; 3 in production, so one broker can fail without losing a write. */
  replicationFactor?: number;
  /** With acks=all, how many replicas must have a write; 2 of 3 in production. */
  minInsyncReplicas?: number;
  timeoutMs?: number;
  security?: KafkaSecurityOptions;
}

export function topicConfigs(
  topics: readonly TopicSpec[],
  {
    prefix = '',
    defaultPartitions = 3,
    replicationFactor = 1,
    minInsyncReplicas,
  }: CreateTopicsOptions = {},
): ITopicConfig[] {
  const durability =
    minInsyncReplicas === undefined
      ? []
      : [{ name: 'min.insync.replicas', value: String(minInsyncReplicas) }];
  const byName = new Map<string, ITopicConfig>();
  for (const topic of topics) {
    const name = `${prefix}${topic.name}`;
    byName.set(name, {
      topic: name,
      numPartitions: topic.partitions ?? defaultPartitions,
      replicationFactor,
      configEntries: [
        ...(topic.compacted ? [{ name: 'cleanup.policy', value: 'compact' }] : []),
        ...durability,
        ...Object.entries(topic.config ?? {}).map(([name, value]) => ({ name, value })),
      ],
    });
  }
  return [...byName.values()];
}

/**
 * Creates the topics that do not exist yet (idempotent, also when several processes race) and waits
 * until every partition of every listed topic has a leader. Returns the names it created.
 */
export async function createTopics(
  brokers: string,
  topics: readonly TopicSpec[],
  options: CreateTopicsOptions = {},
): Promise<string[]> {
  const wanted = topicConfigs(topics, options);
  if (wanted.length === 0) return [];
  return withAdmin(
    brokers,
    async (admin) => {
      const existing = new Set(await admin.listTopics());
      const missing = wanted.filter((topic) => !existing.has(topic.topic));
      await growPartitions(admin, wanted, existing);
      if (missing.length > 0) {
        try {
          // Leaders are awaited below: kafkajs's own wait fails on a metadata race right after creation.
          await admin.createTopics({ topics: missing, waitForLeaders: false, timeout: 30_000 });
        } catch (error) {
          if (!onlyAlreadyExists(error)) throw error;
        }
      }
      await waitForLeaders(
        () => admin.fetchTopicMetadata({ topics: wanted.map((topic) => topic.topic) }),
        new Map(wanted.map((topic) => [topic.topic, topic.numPartitions ?? 1])),
        options.timeoutMs ?? 30_000,
      );
      return missing.map((topic) => topic.topic);
    },
    { security: options.security },
  );
}

/**
 * A topic that exists with fewer partitions than asked (the count was raised for more replicas) gets
 * the missing ones; Kafka never shrinks a topic. Keys move to other partitions for new messages only.
 */
async function growPartitions(
  admin: Admin,
  wanted: readonly ITopicConfig[],
  existing: ReadonlySet<string>,
): Promise<void> {
  const present = wanted.filter((topic) => existing.has(topic.topic));
  if (present.length === 0) return;
  const { topics } = await admin.fetchTopicMetadata({ topics: present.map((t) => t.topic) });
  const count = new Map(topics.map((topic) => [topic.name, topic.partitions.length]));
  const grow = present
    .filter((topic) => (count.get(topic.topic) ?? 0) < (topic.numPartitions ?? 0))
    .map((topic) => ({ topic: topic.topic, count: topic.numPartitions ?? 0 }));
  if (grow.length > 0) await admin.createPartitions({ topicPartitions: grow });
}

type Metadata = { topics: { name: string; partitions: { leader: number }[] }[] };

/** Until every topic has at least its wanted partitions (metadata lags a creation or growth), each led. */
async function waitForLeaders(
  fetch: () => Promise<Metadata>,
  partitions: ReadonlyMap<string, number>,
  timeoutMs: number,
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    let problem: string;
    try {
      const leaderless = (await fetch()).topics.filter(
        (topic) =>
          topic.partitions.length < (partitions.get(topic.name) ?? 1) ||
          topic.partitions.some((p) => p.leader < 0),
      );
      if (leaderless.length === 0) return;
      problem = `no leader yet for ${leaderless.map((topic) => topic.name).join(', ')}`;
    } catch (error) {
      problem = error instanceof Error ? error.message : String(error);
    }
    if (Date.now() > deadline)
      throw new Error(`Topics not ready within ${timeoutMs}ms: ${problem}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

// Another process created the same topic between listTopics and createTopics.
function onlyAlreadyExists(error: unknown): boolean {
  const { errors, type } = error as { errors?: { type?: string }[]; type?: string };
  if (Array.isArray(errors) && errors.length > 0) {
    return errors.every((item) => item.type === 'TOPIC_ALREADY_EXISTS');
  }
  return type === 'TOPIC_ALREADY_EXISTS';
}
