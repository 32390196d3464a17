import type { UnitOfWork } from '@opp/persistence';
import type { SandboxClock } from '../domain/sandbox-clock';

/** Port: the sandbox clocks the gateway owns (ADR 0069). */
export abstract class SandboxClockStore {
  /** The project's clock; null when it was never advanced. */
  abstract find(projectId: number, work?: UnitOfWork): Promise<SandboxClock | null>;

  abstract save(work: UnitOfWork, clock: SandboxClock): Promise<void>;
}
