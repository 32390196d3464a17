import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import type { AdminOperator, OperatorScope } from '../domain/admin-operator';
import { AdminOperatorStore } from '../application/admin-operator.store';

interface OperatorRow {
  name: string;
  scope: OperatorScope;
  created_by: string;
  created_at: Date;
  revoked_at: Date | null;
  token_sha256: Buffer;
}

const COLUMNS = 'name, scope, created_by, created_at, revoked_at, token_sha256';
const UNIQUE_VIOLATION = '23505';

/** The `admin_operators` table in typed SQL (ADR 0031, ADR 0061). */
@Injectable()
export class AdminOperatorRepository extends AdminOperatorStore {
  constructor(private readonly dataSource: DataSource) {
    super();
  }

  async add(
    operator: { name: string; scope: OperatorScope; createdBy: string },
    tokenDigest: Buffer,
  ): Promise<AdminOperator | null> {
    try {
      const rows: OperatorRow[] = await this.dataSource.query(
        `INSERT INTO admin_operators (name, scope, created_by, token_sha256)
         VALUES ($1, $2, $3, $4) RETURNING ${COLUMNS}`,
        [operator.name, operator.scope, operator.createdBy, tokenDigest],
      );
      return toOperator(rows[0]);
    } catch (error) {
      if ((error as { code?: string }).code === UNIQUE_VIOLATION) return null;
      throw error;
    }
  }

  async list(): Promise<AdminOperator[]> {
    const rows: OperatorRow[] = await this.dataSource.query(
      `SELECT ${COLUMNS} FROM admin_operators ORDER BY id`,
    );
    return rows.map(toOperator);
  }

  async activeByDigest(tokenDigest: Buffer): Promise<(AdminOperator & { digest: Buffer }) | null> {
    const rows: OperatorRow[] = await this.dataSource.query(
      `SELECT ${COLUMNS} FROM admin_operators WHERE token_sha256 = $1 AND revoked_at IS NULL`,
      [tokenDigest],
    );
    return rows[0] ? { ...toOperator(rows[0]), digest: rows[0].token_sha256 } : null;
  }

  async revoke(name: string): Promise<AdminOperator | null> {
    // TypeORM answers an UPDATE with [rows, affected count].
    const [rows]: [OperatorRow[], number] = await this.dataSource.query(
      `UPDATE admin_operators SET revoked_at = now()
       WHERE name = $1 AND revoked_at IS NULL RETURNING ${COLUMNS}`,
      [name],
    );
    return rows[0] ? toOperator(rows[0]) : null;
  }
}

function toOperator(row: OperatorRow): AdminOperator {
  return {
    name: row.name,
    scope: row.scope,
    createdBy: row.created_by,
    createdAt: row.created_at,
    revokedAt: row.revoked_at,
  };
}
