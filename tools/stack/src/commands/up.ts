import { readPidFile, residentMemoryMb, type AppName } from '@opp/local-stack';
import { devPaths } from '../dev-stack';
import { downCommand } from './down';
import { runningDetached } from './status';
import { launchAndRecord, seconds } from './launch';

/** `npm run up`: like start, detached; exits 0 once every service is ready. */
export async function upCommand(
  services: readonly AppName[],
  instances: Partial<Record<AppName, number>> = {},
  brokerCount = 1,
): Promise<number> {
  const paths = devPaths();
  const running = runningDetached(paths);
  if (running.length > 0 && services.every((name) => running.includes(name))) {
    console.log(
      `Already up (${running.join(', ')}); status: \`node tools/bootstrap.mjs status\`; stop: \`npm run down\`.`,
    );
    return 0;
  }
  if (running.length > 0) {
    console.log(`Partly up (${running.join(', ')}): stopping those services first.`);
    await downCommand({ keepBroker: true });
  }
  const began = Date.now();
  // Interrupted half way: stop what has been started so far (its pid files are already written).
  const interrupted = (signal: NodeJS.Signals) => {
    console.log(`\n[stack] ${signal}: stopping what was started ...`);
    void downCommand().finally(() => process.exit(130));
  };
  const { stack, brokers } = await launchAndRecord(
    services,
    'detached',
    instances,
    brokerCount,
    interrupted,
  );
  console.log(
    `Up: ${stack.handles.length} service(s) ready in ${seconds(Date.now() - began)} in total.`,
  );
  const kafkaPid = readPidFile(paths.kafkaPidFile);
  const kafkaRss = kafkaPid ? residentMemoryMb(kafkaPid) : undefined;
  if (kafkaRss) console.log(`Kafka (pid ${kafkaPid}) RSS ${kafkaRss.toFixed(0)} MB.`);
  console.log(`Kafka ${brokers}. Logs in ${paths.logDir}. Stop with \`npm run down\`.`);
  return 0;
}
