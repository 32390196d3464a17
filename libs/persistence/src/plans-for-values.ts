import type { EntityManager } from 'typeorm';

/**
 * Runs `work` in a transaction (a savepoint inside one) whose statements are planned for the
 * values they are given. The services' connections keep one generic plan per prepared statement
 * (ADR 0065), made without the values: right for the hot path's key look-ups, wrong for a search
 * or a trace look-up whose filters are optional (`$1::int IS NULL OR project_id = $1`), whose good
 * plan depends on which filters it has. Those run through here: an operator's query is rare, so
 * planning it each time costs nothing that matters.
 */
export function withPlansForValues<T>(
  manager: EntityManager,
  work: (tx: EntityManager) => Promise<T>,
): Promise<T> {
  return manager.transaction(async (tx) => {
    await tx.query('SET LOCAL plan_cache_mode = force_custom_plan');
    return work(tx);
  });
}
