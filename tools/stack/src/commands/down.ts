import * as fs from 'node:fs';
import * as path from 'node:path';
import {
  commandLine,
  isAppName,
  isAlive,
  readPidFile,
  stopKafkaBroker,
  terminatePid,
} from '@opp/local-stack';
import { devPaths } from '../dev-stack';
import { readState, removeState } from '../stack-state';

/** `npm run down`: the services of `up` (in parallel), then its broker; removes the pid files. */
export async function downCommand({ keepBroker = false } = {}): Promise<number> {
  const paths = devPaths();
  const state = readState(paths.runDir);
  if (state?.mode === 'foreground' && isAlive(state.supervisorPid)) {
    console.log(
      `\`npm start\` runs in the foreground (pid ${state.supervisorPid}): stop it with Ctrl-C.`,
    );
    return 0;
  }
  const stopped: string[] = [];
  await Promise.all(
    servicePidFiles(paths.runDir).map(async ({ name, file }) => {
      const pid = readPidFile(file);
      // The pid may have been recycled since `up`: only signal the app it was.
      if (pid && isAlive(pid) && commandLine(pid).includes(`apps/${name}/`)) {
        await terminatePid(pid, { graceMs: 20_000 });
        stopped.push(name);
      }
      fs.rmSync(file, { force: true });
    }),
  );
  if (!keepBroker) {
    // Node 1 of a `--brokers 3` cluster shares the single broker's pid file; the others follow it.
    for (const file of kafkaPidFiles(paths.runDir)) {
      if (await stopKafkaBroker(file)) stopped.push(path.basename(file, '.pid'));
    }
  }
  if (!keepBroker) removeState(paths.runDir);
  console.log(stopped.length ? `Stopped: ${stopped.join(', ')}` : 'Nothing was running.');
  return 0;
}

/** kafka.pid, kafka-2.pid, ...: every broker `up` started. */
export function kafkaPidFiles(runDir: string): string[] {
  if (!fs.existsSync(runDir)) return [];
  return fs
    .readdirSync(runDir)
    .filter((entry) => /^kafka(-\d+)?\.pid$/.test(entry))
    .sort()
    .map((entry) => path.join(runDir, entry));
}

/** The pid file of every instance `up` started: `<app>.pid`, `<app>-2.pid`, ... */
export function servicePidFiles(runDir: string): { name: string; file: string }[] {
  if (!fs.existsSync(runDir)) return [];
  return fs.readdirSync(runDir).flatMap((entry) => {
    const name = /^(.+?)(-\d+)?\.pid$/.exec(entry)?.[1];
    return name && isAppName(name) ? [{ name, file: path.join(runDir, entry) }] : [];
  });
}
