import * as fs from 'node:fs';
import * as path from 'node:path';
import {
  findFreePort,
  isAlive,
  isPortOpen,
  localDir,
  readPidFile,
  startKafkaBroker,
  stopKafkaBroker,
  type KafkaBrokerHandle,
} from '@opp/local-stack';

/** Ports of the test broker: apart from `npm start`'s 9092/9093, so both can run at once. */
export const TEST_KAFKA_PORT = 29092;
export const TEST_KAFKA_CONTROLLER_PORT = 29093;

const OWNER_FILE = /^test-kafka-(\d+)\.owner$/;

/**
 * A fresh local broker for one jest run. Each broker is claimed by an owner file holding the jest
 * process id, so that two runs at once (two terminals, an editor) never share or kill each other's
 * broker: the second one gets free ports. Brokers whose owner died (a killed run) are stopped here.
 */
export async function startLocalTestKafka(repoRoot: string): Promise<KafkaBrokerHandle> {
  const runDir = localDir(repoRoot, 'run');
  fs.mkdirSync(runDir, { recursive: true });
  await stopAbandoned(repoRoot, runDir);
  const { port, controllerPort } = await claimPorts(runDir);
  const dataDir = localDir(repoRoot, 'test-kafka', String(port));
  fs.rmSync(dataDir, { recursive: true, force: true });
  const release = () => {
    fs.rmSync(ownerFile(runDir, port), { force: true });
    if (port !== TEST_KAFKA_PORT) fs.rmSync(dataDir, { recursive: true, force: true });
  };
  try {
    const broker = await startKafkaBroker({
      port,
      controllerPort,
      dataDir,
      logFile: localDir(repoRoot, 'logs', `test-kafka-${port}.log`),
      pidFile: pidFile(runDir, port),
      repoRoot,
      log: (line) => console.log(`[test infra] ${line}`),
    });
    return { ...broker, stop: () => broker.stop().finally(release) };
  } catch (error) {
    release();
    throw error;
  }
}

const ownerFile = (runDir: string, port: number) => path.join(runDir, `test-kafka-${port}.owner`);
const pidFile = (runDir: string, port: number) => path.join(runDir, `test-kafka-${port}.pid`);

async function stopAbandoned(repoRoot: string, runDir: string): Promise<void> {
  for (const file of fs.readdirSync(runDir)) {
    const port = Number(OWNER_FILE.exec(file)?.[1]);
    if (!port) continue;
    const owner = readPidFile(path.join(runDir, file));
    if (owner && isAlive(owner)) continue;
    if (await stopKafkaBroker(pidFile(runDir, port))) {
      console.log(`[test infra] stopped the test broker on ${port} left by a run that ended`);
    }
    fs.rmSync(path.join(runDir, file), { force: true });
    if (port !== TEST_KAFKA_PORT) {
      fs.rmSync(localDir(repoRoot, 'test-kafka', String(port)), { recursive: true, force: true });
    }
  }
}

async function claimPorts(runDir: string): Promise<{ port: number; controllerPort: number }> {
  if (claim(runDir, TEST_KAFKA_PORT)) {
    const busy =
      (await isPortOpen(TEST_KAFKA_PORT)) || (await isPortOpen(TEST_KAFKA_CONTROLLER_PORT));
    if (!busy) return { port: TEST_KAFKA_PORT, controllerPort: TEST_KAFKA_CONTROLLER_PORT };
    fs.rmSync(ownerFile(runDir, TEST_KAFKA_PORT), { force: true });
  }
  for (;;) {
    const [port, controllerPort] = [await findFreePort(), await findFreePort()];
    if (port !== controllerPort && claim(runDir, port)) {
      console.log(
        `[test infra] ${TEST_KAFKA_PORT} is taken (another test run?): using port ${port}`,
      );
      return { port, controllerPort };
    }
  }
}

/** Atomic: exactly one process creates the owner file of a port. */
function claim(runDir: string, port: number): boolean {
  try {
    fs.writeFileSync(ownerFile(runDir, port), `${process.pid}\n`, { flag: 'wx' });
    return true;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') return false;
    throw error;
  }
}
