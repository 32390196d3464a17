import type { UnitOfWork } from '@opp/persistence';
import type { RollingReserveHold } from '../domain/rolling-reserve';

/** Port: the rolling reserve holds waiting for their release time (ADR 0027). */
export abstract class RollingReserveStore {
  abstract schedule(work: UnitOfWork, hold: RollingReserveHold): Promise<void>;

  /** Holds whose release time has come; rows others hold are skipped. */
  abstract lockDue(work: UnitOfWork, limit: number): Promise<RollingReserveHold[]>;

  /** When the next hold not yet returned comes back, if any (ADR 0065). */
  abstract nextReleaseAt(work: UnitOfWork): Promise<Date | null>;

  abstract markReturned(work: UnitOfWork, paymentId: number, transactionId: number): Promise<void>;
}
