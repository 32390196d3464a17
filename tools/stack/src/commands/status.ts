import {
  APP_NAMES,
  commandLine,
  httpStatus,
  isAlive,
  isKafkaProcess,
  isPortOpen,
  readPidFile,
  residentMemoryMb,
  serviceSpec,
  type AppName,
} from '@opp/local-stack';
import { DEV_KAFKA_PORT, devPaths } from '../dev-stack';
import { formatTable, type ServiceRow } from '../report';
import { readState } from '../stack-state';

/** Apps of `npm run up` whose pid file names a live process of that app. */
export function runningDetached(paths: ReturnType<typeof devPaths>): AppName[] {
  return APP_NAMES.filter((name) => {
    const pid = readPidFile(paths.servicePidFile(name));
    return pid !== undefined && isAlive(pid) && commandLine(pid).includes(`apps/${name}/`);
  });
}

/** `status`: what runs, whether it is ready, and its memory. */
export async function statusCommand(): Promise<number> {
  const paths = devPaths();
  const state = readState(paths.runDir);
  const rows: ServiceRow[] = [];
  for (const name of APP_NAMES) {
    const known = state?.services.find((service) => service.name === name);
    const port =
      known?.port ??
      Number(process.env[serviceSpec(name).portEnv] ?? serviceSpec(name).defaultPort);
    const url = `http://127.0.0.1:${port}`;
    const pid = readPidFile(paths.servicePidFile(name)) ?? known?.pid;
    const alive = pid !== undefined && isAlive(pid);
    const ready = await httpStatus(`${url}/health/ready`, 1_000).catch(() => undefined);
    const health =
      ready === 200
        ? 'ready'
        : ready
          ? `not ready (HTTP ${ready})`
          : alive
            ? 'starting?'
            : 'stopped';
    rows.push({
      name,
      url,
      pid: alive ? pid : undefined,
      state: health,
      rssMb: alive ? residentMemoryMb(pid) : undefined,
    });
  }
  console.log(formatTable(rows));
  const kafkaPid = readPidFile(paths.kafkaPidFile);
  const kafkaOurs = kafkaPid !== undefined && isAlive(kafkaPid) && isKafkaProcess(kafkaPid);
  const kafkaPort = await isPortOpen(DEV_KAFKA_PORT);
  const brokers = state?.brokers ?? `127.0.0.1:${DEV_KAFKA_PORT}`;
  console.log(
    `\nkafka ${brokers}: ${kafkaPort || kafkaOurs ? 'running' : 'stopped'}` +
      (kafkaOurs ? ` (pid ${kafkaPid}, ${residentMemoryMb(kafkaPid) ?? '?'} MB)` : ''),
  );
  if (state)
    console.log(`started ${state.startedAt} (${state.mode}, by pid ${state.supervisorPid})`);
  return 0;
}
