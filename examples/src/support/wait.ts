import { setTimeout as sleep } from 'node:timers/promises';
import { settings } from './settings';

export { sleep };

/** The promise's value, or an error once OPP_WAIT_SECONDS have passed without one. */
export async function withinWait<T>(what: string, promise: Promise<T>): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(
      () => reject(new Error(`no ${what} within ${settings.waitSeconds} s`)),
      settings.waitSeconds * 1000,
    );
  });
  try {
    return await Promise.race([promise, timeout]);
  } finally {
    clearTimeout(timer);
  }
}
