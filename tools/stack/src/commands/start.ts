import type { AppName } from '@opp/local-stack';
import { devPaths } from '../dev-stack';
import { removeState } from '../stack-state';
import { runningDetached } from './status';
import { launchAndRecord, seconds } from './launch';

/** `npm start`: everything in the foreground until SIGINT/SIGTERM, then services, then the broker. */
export async function startCommand(
  services: readonly AppName[],
  instances: Partial<Record<AppName, number>> = {},
  brokerCount = 1,
): Promise<number> {
  const paths = devPaths();
  const detached = runningDetached(paths);
  if (detached.length > 0) {
    console.error(
      `The stack already runs detached (${detached.join(', ')}): \`npm run down\` first, or use it as it is.`,
    );
    return 1;
  }
  const began = Date.now();
  // Interrupted half way: exiting SIGTERMs every child started so far (see stopWhenParentExits).
  const interrupted = () => process.exit(130);
  const { stack, brokers, broker } = await launchAndRecord(
    services,
    'foreground',
    instances,
    brokerCount,
    interrupted,
  );
  console.log(
    `All ready in ${seconds(Date.now() - began)}. Kafka ${brokers}. Logs in ${paths.logDir}.`,
  );
  if (stack.gatewayUrl)
    console.log(
      `Gateway: ${stack.gatewayUrl}  (API docs ${stack.gatewayUrl}/docs; admin API ${stack.adminUrl}/admin/v1)`,
    );
  console.log('Ctrl-C stops everything.');

  let stopping = 0;
  for (const handle of stack.handles) {
    void handle.exited.then((code) => {
      if (!stopping) console.error(`[stack] ${handle.name} exited (code ${code}); see its log`);
    });
  }
  const keepAlive = setInterval(() => undefined, 60_000);
  return new Promise<number>((resolve) => {
    const shutdown = (signal: NodeJS.Signals) => {
      // npm and the bootstrap script pass a Ctrl-C on as well: one signal may arrive twice.
      if (stopping) {
        if (Date.now() - stopping > 1_000) console.log(`[stack] ${signal}: already stopping ...`);
        return;
      }
      stopping = Date.now();
      console.log(`\n[stack] ${signal}: stopping the services, then the broker ...`);
      void (async () => {
        await stack.stop();
        if (broker) await broker.stop();
        removeState(paths.runDir);
        clearInterval(keepAlive);
        console.log('[stack] stopped');
        resolve(0);
      })();
    };
    for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) process.on(signal, shutdown);
  });
}
