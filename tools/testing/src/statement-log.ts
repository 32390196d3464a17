/// <reference types="jest" />
// statementSuite registers its hooks with the jest suite that calls it; nothing else here needs jest.
import * as fs from 'node:fs';
import * as path from 'node:path';
import type { QueryRunner, Logger as TypeormLogger } from 'typeorm';
import type { AppName, Stack } from '@opp/local-stack';
import { KafkaConnection, MessageProducer } from '@opp/messaging';
import { LogIds } from '@opp/observability';
import { eventually } from './eventually';
import { suiteLogDir, suiteSlug } from './infra/test-env';
import { STACK_START_TIMEOUT_MS, startTestStack } from './infra/test-stack';

/** One SQL statement a service sent, as its TypeORM logger wrote it (LOG_LEVEL=debug). */
export interface LoggedStatement {
  query: string;
  correlationId?: string;
  /** The TypeORM query runner that sent it: one transaction's statements share it. */
  runner?: number;
}

/**
 * Counts the SQL statements a service sends, on the client side: at LOG_LEVEL=debug its TypeORM
 * logger writes one `query` line per statement it sends, with the text (never the values). Every
 * statement is a round trip, which is what ADR 0065 keep few.
 */
export class StatementLog {
  constructor(private readonly file: string) {}

  /** The end of the log now: the statements after it are the ones sent from now on. */
  mark(): number {
    return fs.statSync(this.file).size;
  }

  /**
   * A mark taken once the service has logged nothing for a while (its start-up rounds and
   * pollers asleep, ADR 0065), so the statements after it are the ones the test causes.
   */
  async quietMark(): Promise<number> {
    let last = -1;
    let mark = 0;
    await eventually(async () => {
      await new Promise((resolve) => setTimeout(resolve, 500));
      mark = this.mark();
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
      .map(
        (line) =>
          JSON.parse(line) as {
            msg?: string;
            query?: string;
            correlationId?: string;
            runner?: number;
          },
      )
      .filter((entry) => entry.msg === 'query' && typeof entry.query === 'string')
      .map((entry) => ({
        query: entry.query!,
        correlationId: entry.correlationId,
        runner: entry.runner,
      }));
  }
}

/** One service of a suite at LOG_LEVEL=debug, the log of its statements and a way to its topics. */
export interface StatementStack {
  stack: Stack;
  log: StatementLog;
  connection: KafkaConnection;
  producer: MessageProducer;
}

/**
 * A suite that counts the statements of `service` (ADR 0065): the service alone, started before
 * the suite's own hooks (call this first in its `describe`) and stopped after its tests.
 */
export function statementSuite(suite: string, service: AppName): StatementStack {
  let started: StatementStack | undefined;
  beforeAll(async () => {
    const stack = await startTestStack({ suite, services: [service], logLevel: 'debug' });
    const connection = new KafkaConnection({
      brokers: stack.brokers.split(','),
      clientId: `${suiteSlug(suite)}-test`,
      topicPrefix: stack.topicPrefix,
    });
    started = {
      stack,
      log: new StatementLog(path.join(suiteLogDir(suite), `${service}.log`)),
      connection,
      producer: new MessageProducer(connection),
    };
  }, STACK_START_TIMEOUT_MS);
  afterAll(async () => {
    await started?.producer.disconnect();
    await started?.stack.stop();
  });
  const live = (): StatementStack => {
    if (!started) throw new Error(`the stack of "${suite}" is not started`);
    return started;
  };
  return {
    get stack() {
      return live().stack;
    },
    get log() {
      return live().log;
    },
    get connection() {
      return live().connection;
    },
    get producer() {
      return live().producer;
    },
  };
}

/**
 * The database transaction around the first statement that `inside` picks: from the START
 * TRANSACTION before it to the COMMIT after it, both included, among the statements of its own
 * query runner (other connections' statements logged in between are not part of it).
 */
export function transactionAround(
  all: LoggedStatement[],
  inside: (statement: LoggedStatement) => boolean,
): LoggedStatement[] {
  const picked = all.find(inside);
  if (!picked) throw new Error('no logged statement matches');
  const statements = all.filter((statement) => statement.runner === picked.runner);
  const at = statements.indexOf(picked);
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

/**
 * Every complete database transaction among the statements, START TRANSACTION to COMMIT, each with
 * the statements of its own query runner only, in the order they ended.
 */
export function transactionsIn(statements: LoggedStatement[]): LoggedStatement[][] {
  const transactions: LoggedStatement[][] = [];
  const open = new Map<number | undefined, LoggedStatement[]>();
  for (const statement of statements) {
    if (statement.query === 'START TRANSACTION') open.set(statement.runner, []);
    const current = open.get(statement.runner);
    if (!current) continue;
    current.push(statement);
    if (statement.query === 'COMMIT') {
      transactions.push(current);
      open.delete(statement.runner);
    }
  }
  return transactions;
}

/** An empty `sql.log` in the suite's log directory, for the `statementLogger` of its own DataSource. */
export function freshSqlLog(suite: string): string {
  const file = path.join(suiteLogDir(suite), 'sql.log');
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, '');
  return file;
}

/**
 * For a DataSource a test builds itself (no service logger): writes its statements to `file` as a
 * service at debug level does, one `query` line each, so a StatementLog of that file counts them.
 */
export function statementLogger(file: string): TypeormLogger {
  const nothing = () => undefined;
  const runners = new LogIds<QueryRunner>();
  return {
    logQuery: (query, _parameters, queryRunner) =>
      fs.appendFileSync(
        file,
        `${JSON.stringify({ msg: 'query', query, runner: runners.of(queryRunner) })}\n`,
      ),
    logQueryError: nothing,
    logQuerySlow: nothing,
    logSchemaBuild: nothing,
    logMigration: nothing,
    log: nothing,
  };
}
