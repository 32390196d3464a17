import type { DataSource, EntityManager } from 'typeorm';

export interface HeldTransaction<T> {
  /** What the work answered; its transaction is still open. */
  result: T;
  /** Lets the transaction end: it commits, or rolls back when that was asked. */
  release(): void;
  /** Settles once the transaction has ended, after `release`. */
  ended: Promise<void>;
}

const ROLLED_BACK = new Error('rolled back by the test');

/**
 * Runs `work` in a transaction and keeps the transaction open, its locks held, until `release()`:
 * the holding side of a race made deterministic; `lockWaitersReach` shows the waiting side.
 */
export async function holdTransactionOpen<T>(
  dataSource: DataSource,
  work: (tx: EntityManager) => Promise<T>,
  options: { rollBack?: boolean } = {},
): Promise<HeldTransaction<T>> {
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  let done!: (result: T) => void;
  const workDone = new Promise<T>((resolve) => (done = resolve));
  const ended = dataSource
    .transaction(async (tx) => {
      done(await work(tx));
      await released;
      if (options.rollBack) throw ROLLED_BACK;
    })
    .catch((error: unknown) => {
      if (error !== ROLLED_BACK) throw error;
    });
  // The work failing ends the transaction before it is done: that failure is the answer.
  const result = await Promise.race([workDone, ended.then(() => workDone)]);
  return { result, release, ended };
}
