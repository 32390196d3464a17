import type { ITopicConfig } from 'kafkajs';
import { withAdmin } from './kafka-admin';

/** The shape of `allTopics` in @opp/contracts. */
export interface TopicSpec {
  name: string;
  partitions?: number;
  compacted?: boolean;
}

export interface CreateTopicsOptions {
  /** Prepended to every name (KAFKA_TOPIC_PREFIX), so that parallel stacks never share a topic. */
  prefix?: string;
  defaultPartitions?: number;
  timeoutMs?: number;
}

export function topicConfigs(
  topics: readonly TopicSpec[],
  { prefix = '', defaultPartitions = 3 }: CreateTopicsOptions = {},
): ITopicConfig[] {
  const byName = new Map<string, ITopicConfig>();
  for (const topic of topics) {
    const name = `${prefix}${topic.name}`;
    byName.set(name, {
      topic: name,
      numPartitions: topic.partitions ?? defaultPartitions,
      replicationFactor: 1,
      configEntries: topic.compacted ? [{ name: 'cleanup.policy', value: 'compact' }] : [],
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
  return withAdmin(brokers, async (admin) => {
    const existing = new Set(await admin.listTopics());
    const missing = wanted.filter((topic) => !existing.has(topic.topic));
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
      options.timeoutMs ?? 30_000,
    );
    return missing.map((topic) => topic.topic);
  });
}

type Metadata = { topics: { name: string; partitions: { leader: number }[] }[] };

async function waitForLeaders(fetch: () => Promise<Metadata>, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    let problem: string;
    try {
      const leaderless = (await fetch()).topics.filter(
        (topic) => topic.partitions.length === 0 || topic.partitions.some((p) => p.leader < 0),
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
