// Who consumes what, read from the code: each service's consumer group and the topics it reads, and
// every place that opens a consumer group, so that deploy/ can be held to them.
import { readdirSync, readFileSync } from 'node:fs';
import * as path from 'node:path';
import { load } from 'js-yaml';
import { REPO_ROOT } from './render';

interface AsyncApi {
  channels: Record<string, { address: string }>;
  operations: Record<
    string,
    { action: 'send' | 'receive'; channel: { $ref: string }; tags: Array<{ name: string }> }
  >;
}

/**
 * Service -> the topics its consumer group reads. A service consumes in one group named after it
 * (KafkaTransport's group is PlatformModule's service name) and subscribes to the topic of every
 * message type it handles: the receive operations of docs/asyncapi.yaml, which tools/asyncapi
 * keeps equal to the contracts and holds to the handlers each service binds.
 */
export function serviceConsumerGroups(): Map<string, Set<string>> {
  const document = load(
    readFileSync(path.join(REPO_ROOT, 'docs/asyncapi.yaml'), 'utf8'),
  ) as AsyncApi;
  const groups = new Map<string, Set<string>>();
  for (const operation of Object.values(document.operations)) {
    if (operation.action !== 'receive') continue;
    const channel = operation.channel.$ref.replace('#/channels/', '');
    const service = operation.tags[0].name;
    const topics = groups.get(service) ?? new Set<string>();
    topics.add(document.channels[channel].address);
    groups.set(service, topics);
  }
  return groups;
}

/** Every `groupId(...)` the services' code calls (tests aside), as its argument's source text. */
export function groupIdCalls(): Array<{ file: string; argument: string }> {
  const calls: Array<{ file: string; argument: string }> = [];
  for (const root of ['apps', 'libs']) {
    for (const file of sources(path.join(REPO_ROOT, root))) {
      const text = readFileSync(file, 'utf8');
      for (const match of text.matchAll(/\.groupId\(\s*([^)]*?)\s*\)/g)) {
        calls.push({ file: path.relative(REPO_ROOT, file), argument: match[1] });
      }
    }
  }
  return calls;
}

/** The service name each app declares (SERVICE_NAME, which PlatformModule.forService uses). */
export function declaredServiceName(app: string): string | undefined {
  const file = path.join(REPO_ROOT, 'apps', app, 'src/database/database-options.ts');
  return /export const SERVICE_NAME = '([^']+)'/.exec(readFileSync(file, 'utf8'))?.[1];
}

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory())
      return ['node_modules', 'test'].includes(entry.name) ? [] : sources(full);
    return /(?<!spec)\.ts$/.test(entry.name) && !entry.name.endsWith('.d.ts') ? [full] : [];
  });
}
