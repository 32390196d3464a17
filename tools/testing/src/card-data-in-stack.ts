import type { Stack } from '@opp/local-stack';
import {
  findCardDataInDatabases,
  findCardDataInTopics,
  type SweepFinding,
} from './card-data-sweep';

/**
 * The run's card-data sweep narrowed to one stack, for a suite that asserts on it directly: every
 * message of the stack's topics (dead letters included) and every text/json/bytea column of its
 * databases, as they are now.
 */
export async function findCardDataInStack(
  stack: Stack,
  /** Identifiers ADR 0064 keeps as sent (order ids, request ids, notification URIs): not findings. */
  allowed: readonly string[] = [],
): Promise<SweepFinding[]> {
  const urls = Object.values(stack.databaseUrls).filter((url): url is string => !!url);
  const byServer = new Map<string, string[]>();
  for (const url of urls) {
    const parsed = new URL(url);
    const database = decodeURIComponent(parsed.pathname.slice(1));
    parsed.pathname = '/postgres';
    byServer.set(parsed.toString(), [...(byServer.get(parsed.toString()) ?? []), database]);
  }
  const inDatabases = await Promise.all(
    [...byServer].map(([adminUrl, databases]) =>
      findCardDataInDatabases(adminUrl, databases, allowed),
    ),
  );
  return [
    ...(await findCardDataInTopics(stack.brokers.split(','), stack.topicPrefix, allowed)),
    ...inDatabases.flat(),
  ];
}
