import { APP_NAMES, isAppName, type AppName } from '@opp/local-stack';

export const COMMANDS = ['start', 'up', 'down', 'status', 'topics', 'databases', 'help'] as const;
export type Command = (typeof COMMANDS)[number];

export interface CliArgs {
  command: Command;
  /** --services a,b: a subset of the apps (start and up). */
  services: readonly AppName[];
  /** --instances app=N,...: more than one instance of a service (start and up; default 1 each). */
  instances: Partial<Record<AppName, number>>;
  /** --brokers N: Kafka nodes the stack starts (1, or 3 for a replicated cluster, ADR 0022). */
  brokers: number;
}

export const USAGE = `Usage: stack <command> [--services app1,app2] [--instances app=N,...] [--brokers 1|3]

  start    Kafka, databases, migrations and every service in the foreground; Ctrl-C stops them all
  up       the same, detached; returns once every service is ready (pids in .local/run)
  down     stops what \`up\` started
  status   what runs, with readiness and memory
  topics   creates every topic on KAFKA_BROKERS (KAFKA_TOPIC_PREFIX, KAFKA_TOPIC_PARTITIONS,
           KAFKA_TOPIC_REPLICATION_FACTOR, KAFKA_TOPIC_MIN_INSYNC_REPLICAS, KAFKA_SSL*, KAFKA_SASL_*)
  databases  a role and a database per service from each <SERVICE>_DATABASE_URL, as POSTGRES_ADMIN_URL

  --services   only these apps (${APP_NAMES.join(', ')})
  --instances  N instances of an app (same database and consumer group; ports +100 each),
               e.g. --instances api-gateway=2,payments=2
  --brokers    Kafka nodes to start (start and up): 1 (default) or 3, a KRaft cluster whose topics
               have replication factor 3 and min.insync.replicas 2, idempotent producers`;

export function parseArgs(argv: readonly string[]): CliArgs {
  const [command = 'help', ...rest] = argv;
  const args: CliArgs = { command: 'help', services: APP_NAMES, instances: {}, brokers: 1 };
  if (command === '--help' || command === '-h') return args;
  if (!(COMMANDS as readonly string[]).includes(command)) {
    throw new UsageError(`Unknown command "${command}"`);
  }
  args.command = command as Command;
  for (let i = 0; i < rest.length; i++) {
    const arg = rest[i];
    if (arg === '--help' || arg === '-h') return { ...args, command: 'help' };
    const [option, inline] = arg.startsWith('--') ? splitOption(arg) : [arg, undefined];
    if (option !== '--services' && option !== '--instances' && option !== '--brokers') {
      throw new UsageError(`Unknown option "${arg}"`);
    }
    const value = inline ?? rest[++i];
    if (!value) throw new UsageError(`${option} needs a value`);
    if (option === '--services') args.services = parseServices(value);
    else if (option === '--instances') args.instances = parseInstances(value);
    else args.brokers = parseBrokers(value);
  }
  return args;
}

function splitOption(arg: string): [string, string | undefined] {
  const eq = arg.indexOf('=');
  return eq < 0 ? [arg, undefined] : [arg.slice(0, eq), arg.slice(eq + 1)];
}

function parseInstances(value: string): Partial<Record<AppName, number>> {
  const instances: Partial<Record<AppName, number>> = {};
  for (const item of value
    .split(',')
    .map((part) => part.trim())
    .filter(Boolean)) {
    const match = /^([a-z-]+)=(\d{1,2})$/.exec(item);
    if (!match || !isAppName(match[1]) || Number(match[2]) < 1) {
      throw new UsageError(`--instances takes app=N (N from 1 to 99): "${item}"`);
    }
    instances[match[1]] = Number(match[2]);
  }
  return instances;
}

// Three, not two: with two nodes the KRaft quorum (a majority) cannot lose either.
function parseBrokers(value: string): number {
  if (value !== '1' && value !== '3') throw new UsageError(`--brokers takes 1 or 3: "${value}"`);
  return Number(value);
}

function parseServices(value: string): AppName[] {
  const names = value
    .split(',')
    .map((name) => name.trim())
    .filter(Boolean);
  const unknown = names.filter((name) => !isAppName(name));
  if (unknown.length > 0) throw new UsageError(`Unknown app(s): ${unknown.join(', ')}`);
  // Keep the table's order (the gateway first) whatever order was typed.
  return APP_NAMES.filter((name) => names.includes(name));
}

export class UsageError extends Error {}
