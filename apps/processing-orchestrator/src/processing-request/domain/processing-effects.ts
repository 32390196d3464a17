import type { TaskFunction } from '@opp/contracts';

/** A TaskCommand to send to the owner of a task's function. */
export interface TaskCommand {
  taskId: string;
  function: TaskFunction;
  /** The task's payload (card.payment: the partner's acs_return_url is left out when sent). */
  payload: Record<string, unknown>;
}

/**
 * What one transition of a processing request causes, for the caller to store with the state in
 * the same transaction (ADR 0005, ADR 0019): commands to publish in this order, the durable timer
 * the request now waits for (kept as the tasks' due_at) and, once, its finish, whose
 * request-finished event notifies the partner's targets.
 */
export interface ProcessingEffects {
  commands: TaskCommand[];
  nextTimerAt: Date | null;
  /** When the request became FINISHED in this transition; null if it did not. */
  finishedAt: Date | null;
}
