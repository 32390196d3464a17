import type { MigrationInterface, QueryRunner } from 'typeorm';

const TABLES = ['transactions', 'payouts'] as const;

/**
 * ADR 0066: the status-history trigger records unless the connection says
 * `opp.trace_recording=off` (payments' TRACE_RECORDING=off sets it on every connection). The
 * condition is the trigger's WHEN: when it is false the function is not even called, so a charge
 * with the recording off pays only for reading one setting; when it is unset it records.
 */
export class StatusHistorySwitch1765100000100 implements MigrationInterface {
  name = 'StatusHistorySwitch1765100000100';

  async up(q: QueryRunner): Promise<void> {
    for (const table of TABLES) {
      await q.query(`DROP TRIGGER ${table}_status_history ON ${table}`);
      await q.query(`
        CREATE TRIGGER ${table}_status_history AFTER INSERT OR UPDATE OF status ON ${table}
        FOR EACH ROW
        WHEN (current_setting('opp.trace_recording', true) IS DISTINCT FROM 'off')
        EXECUTE FUNCTION record_status_history()`);
    }
  }

  async down(q: QueryRunner): Promise<void> {
    for (const table of TABLES) {
      await q.query(`DROP TRIGGER ${table}_status_history ON ${table}`);
      await q.query(`
        CREATE TRIGGER ${table}_status_history AFTER INSERT OR UPDATE OF status ON ${table}
        FOR EACH ROW EXECUTE FUNCTION record_status_history()`);
    }
  }
}
