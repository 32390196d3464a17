import type { DataSource } from 'typeorm';
import { assertIdentifiers, type EncryptedTable } from './encrypted-table';

export interface KekUsage {
  readonly table: string;
  readonly kekId: string;
  readonly rows: number;
}

/** The SQL of key rotation, for any table described by an EncryptedTable. */
export class KeyRotationRepository {
  constructor(private readonly dataSource: DataSource) {}

  /** Rows with a value still wrapped under another KEK than `activeKekId` (legacy ones included). */
  async pendingRows(table: EncryptedTable, activeKekId: string): Promise<number> {
    const [row] = await this.dataSource.query<{ n: number }[]>(
      `SELECT count(*)::int AS n FROM ${table.table} WHERE ${pendingCondition(table)}`,
      [activeKekId],
    );
    return row.n;
  }

  /**
   * One batch in one transaction: locks up to `limit` pending rows in id order (waiting for rows
   * another transaction holds, so a concurrent writer's fresh value is never overwritten), passes
   * each value through `rewrap` and stores it with the new KEK id. Returns how many rows changed.
   * A crash loses at most the open batch; the rows it did not commit are still pending.
   */
  async rewrapBatch(
    table: EncryptedTable,
    activeKekId: string,
    limit: number,
    rewrap: (value: string) => Promise<string>,
  ): Promise<number> {
    assertIdentifiers(table);
    return this.dataSource.transaction(async (tx) => {
      const rows = await tx.query<Record<string, string | null>[]>(
        `SELECT ${[table.idColumn, ...table.columns].join(', ')} FROM ${table.table}
         WHERE ${pendingCondition(table)} ORDER BY ${table.idColumn} LIMIT $2 FOR UPDATE`,
        [activeKekId, limit],
      );
      for (const row of rows) {
        const values: Array<string | null> = [];
        for (const column of table.columns) {
          const value = row[column];
          values.push(value === null ? null : await rewrap(value));
        }
        const sets = table.columns.map((column, index) => `${column} = $${index + 3}`);
        await tx.query(
          `UPDATE ${table.table} SET ${table.kekColumn} = $2, ${sets.join(', ')}
           WHERE ${table.idColumn} = $1`,
          [row[table.idColumn], activeKekId, ...values],
        );
      }
      return rows.length;
    });
  }

  /** Which KEKs stored rows still reference, and how many rows each. */
  async kekUsage(table: EncryptedTable): Promise<KekUsage[]> {
    assertIdentifiers(table);
    const rows = await this.dataSource.query<{ kek_id: string; n: number }[]>(
      `SELECT ${table.kekColumn} AS kek_id, count(*)::int AS n FROM ${table.table}
       WHERE ${table.kekColumn} IS NOT NULL GROUP BY ${table.kekColumn} ORDER BY 1`,
    );
    return rows.map((row) => ({ table: table.table, kekId: row.kek_id, rows: row.n }));
  }
}

function pendingCondition(table: EncryptedTable): string {
  assertIdentifiers(table);
  const holdsValue = table.columns.map((column) => `${column} IS NOT NULL`).join(' OR ');
  return `(${holdsValue}) AND ${table.kekColumn} IS DISTINCT FROM $1`;
}
