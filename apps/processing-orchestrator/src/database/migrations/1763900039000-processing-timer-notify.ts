import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * ADR 0065: a task's timer (due_at) set or moved tells every replica's timer scheduler when it
 * falls due, at the commit (NOTIFY, payload in epoch milliseconds), so the schedulers sleep until
 * the next due timer instead of polling. The WHEN clauses keep the function off every other write.
 */
export class ProcessingTimerNotify1763900039000 implements MigrationInterface {
  name = 'ProcessingTimerNotify1763900039000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE FUNCTION processing_timer_notify() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        PERFORM pg_notify('processing_timers', floor(extract(epoch FROM NEW.due_at) * 1000)::text);
        RETURN NULL;
      END $$`);
    await q.query(`
      CREATE TRIGGER processing_tasks_timer_set AFTER INSERT ON processing_tasks
        FOR EACH ROW WHEN (NEW.due_at IS NOT NULL) EXECUTE FUNCTION processing_timer_notify()`);
    await q.query(`
      CREATE TRIGGER processing_tasks_timer_moved AFTER UPDATE OF due_at ON processing_tasks
        FOR EACH ROW WHEN (NEW.due_at IS NOT NULL AND NEW.due_at IS DISTINCT FROM OLD.due_at)
        EXECUTE FUNCTION processing_timer_notify()`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TRIGGER processing_tasks_timer_moved ON processing_tasks`);
    await q.query(`DROP TRIGGER processing_tasks_timer_set ON processing_tasks`);
    await q.query(`DROP FUNCTION processing_timer_notify()`);
  }
}
