// @opp/contracts declares its messages with decorators that need the metadata polyfill.
import 'reflect-metadata';
import { parseArgs, USAGE, UsageError } from './args';
import { databasesCommand } from './commands/databases';
import { downCommand } from './commands/down';
import { startCommand } from './commands/start';
import { statusCommand } from './commands/status';
import { topicsCommand } from './commands/topics';
import { upCommand } from './commands/up';

async function main(argv: readonly string[]): Promise<number> {
  const args = parseArgs(argv);
  switch (args.command) {
    case 'start':
      return startCommand(args.services, args.instances, args.brokers);
    case 'up':
      return upCommand(args.services, args.instances, args.brokers);
    case 'down':
      return downCommand();
    case 'status':
      return statusCommand();
    case 'topics':
      return topicsCommand();
    case 'databases':
      return databasesCommand();
    case 'help':
      console.log(USAGE);
      return 0;
  }
}

main(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (error: unknown) => {
    if (error instanceof UsageError) {
      console.error(`${error.message}\n\n${USAGE}`);
      process.exit(2);
    }
    console.error(`[stack] ${error instanceof Error ? error.message : String(error)}`);
    process.exit(1);
  },
);
