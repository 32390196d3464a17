import { APP_NAMES, isAppName, type AppName } from '@opp/local-stack';

export const COMMANDS = ['start', 'up', 'down', 'status', 'topics', 'databases', 'help'] as const;
export type Command = (typeof COMMANDS)[number];

export interface CliArgs {
  command: Command;
  /** --services a,b: a subset of the apps (start and up). */
  services: readonly AppName[];
}

export const USAGE = `Usage: stack <command> [--services app1,app2]

  start    Kafka, databases, migrations and every service in the foreground; Ctrl-C stops them all
  up       the same, detached; returns once every service is ready (pids in .local/run)
  down     stops what \`up\` started
  status   what runs, with readiness and memory
  topics   creates every topic on KAFKA_BROKERS (KAFKA_TOPIC_PREFIX, KAFKA_TOPIC_PARTITIONS,
           KAFKA_TOPIC_REPLICATION_FACTOR, KAFKA_TOPIC_MIN_INSYNC_REPLICAS, KAFKA_SSL*, KAFKA_SASL_*)
  databases  a role and a database per service from each <SERVICE>_DATABASE_URL, as POSTGRES_ADMIN_URL

  --services   only these apps (${APP_NAMES.join(', ')})`;

export function parseArgs(argv: readonly string[]): CliArgs {
  const [command = 'help', ...rest] = argv;
  if (command === '--help' || command === '-h') return { command: 'help', services: APP_NAMES };
  if (!(COMMANDS as readonly string[]).includes(command)) {
    throw new UsageError(`Unknown command "${command}"`);
  }
  let services: readonly AppName[] = APP_NAMES;
  for (let i = 0; i < rest.length; i++) {
    const arg = rest[i];
    if (arg === '--help' || arg === '-h') return { command: 'help', services };
    const inline = arg.startsWith('--services=') ? arg.slice('--services='.length) : undefined;
    if (arg !== '--services' && inline === undefined)
      throw new UsageError(`Unknown option "${arg}"`);
    const value = inline ?? rest[++i];
    if (!value) throw new UsageError('--services needs a comma-separated list of apps');
    services = parseServices(value);
  }
  return { command: command as Command, services };
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
