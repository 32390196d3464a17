import type { UnitOfWork } from '@opp/persistence';

/**
 * Port: runs code once a unit of work's outcome is known. A delivery created claimed is sent only
 * after its row is committed (ADR 0033); a rollback gives its attempt slot back.
 */
export abstract class AfterCommit {
  abstract register(work: UnitOfWork, outcome: { committed(): void; rolledBack(): void }): void;
}
