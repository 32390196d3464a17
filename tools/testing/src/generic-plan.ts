import type { DataSource } from 'typeorm';

/**
 * The plan a service's prepared statement falls back to (ADR 0065: its connections force generic
 * plans), made without its parameters' values: `values` are SQL literals, one per parameter.
 */
export function genericPlan(
  dataSource: DataSource,
  statement: string,
  values: readonly string[],
): Promise<string> {
  return dataSource.transaction(async (tx) => {
    await tx.query(`PREPARE generic_plan AS ${statement}`);
    await tx.query('SET LOCAL plan_cache_mode = force_generic_plan');
    const rows: { 'QUERY PLAN': string }[] = await tx.query(
      `EXPLAIN EXECUTE generic_plan${values.length ? `(${values.join(', ')})` : ''}`,
    );
    await tx.query('DEALLOCATE generic_plan');
    return rows.map((row) => row['QUERY PLAN']).join('\n');
  });
}
