import * as fs from 'node:fs';
import type { Logger as TypeormLogger } from 'typeorm';
import { eventually } from './eventually';

/** One SQL statement a service sent, as its TypeORM logger wrote it (LOG_LEVEL=debug). */
export interface LoggedStatement {
  query: string;
  correlationId?: string;
}

/**
 * Counts the SQL statements a service sends, on the client side: at LOG_LEVEL=debug its TypeORM
 * logger writes one `query` line per statement it sends, with the text (never the values). Every
 * statement is a round trip, which is what ADR 0036 and ADR 0041 keep few.
 */
export class StatementLog {
  constructor(private readonly file: string) {}

  /**
   * A mark taken once the service has logged nothing for a while (its start-up rounds and
   * pollers asleep, ADR 0039), so the statements after it are the ones the test causes.
   */
  async quietMark(): Promise<number> {
    let last = -1;
    let mark = 0;
    await eventually(async () => {
      await new Promise((resolve) => setTimeout(resolve, 500));
      mark = fs.statSync(this.file).size;
      const still = mark === last;
      last = mark;
      return still;
    }, 'the service to stop logging');
    return mark;
  }

  /** The statements logged after `mark`, in the order they were sent. */
  since(mark: number): LoggedStatement[] {
    const text = fs.readFileSync(this.file).subarray(mark).toString('utf8');
    return text
      .split('\n')
      .filter((line) => line.startsWith('{'))
      .map((line) => JSON.parse(line) as { msg?: string; query?: string; correlationId?: string })
      .filter((entry) => entry.msg === 'query' && typeof entry.query === 'string')
      .map((entry) => ({ query: entry.query!, correlationId: entry.correlationId }));
  }
}

/**
 * The database transaction around the first statement that `inside` picks: from the START
 * TRANSACTION before it to the COMMIT after it, both included. Statements of another connection
 * logged in between would be counted too (the test then fails, it never passes wrongly): take the
 * mark when the service is quiet.
 */
export function transactionAround(
  statements: LoggedStatement[],
  inside: (statement: LoggedStatement) => boolean,
): LoggedStatement[] {
  const at = statements.findIndex(inside);
  if (at < 0) throw new Error('no logged statement matches');
  let start = at;
  while (start >= 0 && statements[start].query !== 'START TRANSACTION') start--;
  let end = at;
  while (end < statements.length && statements[end].query !== 'COMMIT') end++;
  if (start < 0 || end === statements.length) throw new Error('the transaction is not complete');
  return statements.slice(start, end + 1);
}

/** The first words of a statement, enough to tell what it does (`INSERT INTO vault_cards`). */
export const headOf = (statement: LoggedStatement): string =>
  statement.query.trim().split(/\s+/).slice(0, 3).join(' ');

/** Every complete database transaction among the statements, START TRANSACTION to COMMIT. */
export function transactionsIn(statements: LoggedStatement[]): LoggedStatement[][] {
  const transactions: LoggedStatement[][] = [];
  let open: LoggedStatement[] | undefined;
  for (const statement of statements) {
    if (statement.query === 'START TRANSACTION') open = [];
    if (!open) continue;
    open.push(statement);
    if (statement.query === 'COMMIT') {
      transactions.push(open);
      open = undefined;
    }
  }
  return transactions;
}

/**
 * For a DataSource a test builds itself (no service logger): writes its statements to `file` as a
 * service at debug level does, one `query` line each, so a StatementLog of that file counts them.
 */
export function statementLogger(file: string): TypeormLogger {
  const nothing = () => undefined;
  return {
    logQuery: (query) => fs.appendFileSync(file, `${JSON.stringify({ msg: 'query', query })}\n`),
    logQueryError: nothing,
    logQuerySlow: nothing,
    logSchemaBuild: nothing,
    logMigration: nothing,
    log: nothing,
  };
}
