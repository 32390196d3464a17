import type { Logger as PinoLogger } from 'pino';
import type { QueryRunner, Logger as TypeormLogger } from 'typeorm';
import { LogIds } from '@opp/observability';

// The driver's messages can quote the values of a failing row ('invalid input syntax for type
// uuid: "a@b.example"'); users' e-mail and IP addresses are masked there.
const EMAIL = /[\w.+-]+@[\w-]+(?:\.[\w-]+)+/g;
const IPV4 = /\b(?:\d{1,3}\.){3}\d{1,3}\b/g;
const IPV6 = /\b(?:[0-9a-f]{1,4}:){2,7}[0-9a-f]{0,4}\b/gi;
const MASK = '[MASKED]';

function maskValues(text: string): string {
  return text.replace(EMAIL, MASK).replace(IPV4, MASK).replace(IPV6, MASK);
}

/** What a failing query may log: what went wrong and where, never the row's values. */
function describeError(error: string | Error): Record<string, unknown> {
  if (typeof error === 'string') return { message: maskValues(error) };
  // pg's error fields; `detail` ("Key (email)=(...) already exists") and `where` quote values.
  const fields = error as Error &
    Partial<Record<'code' | 'constraint' | 'table' | 'column', string>>;
  return {
    type: error.name,
    message: maskValues(error.message),
    ...(fields.code ? { code: fields.code } : {}),
    ...(fields.constraint ? { constraint: fields.constraint } : {}),
    ...(fields.table ? { table: fields.table } : {}),
    ...(fields.column ? { column: fields.column } : {}),
  };
}

/**
 * TypeORM's logging through the service's pino logger, so its lines are JSON with the service,
 * correlation and trace ids, and pass pino's redaction and card-data scrubbing. Query parameters
 * are never logged (they hold e-mails, IPs, card tokens): only how many there were. TypeORM's own
 * loggers print them, and the driver error's `parameters` and `detail`, in plain text.
 */
export class TypeormPinoLogger implements TypeormLogger {
  private readonly runners = new LogIds<QueryRunner>();

  constructor(private readonly logger: PinoLogger) {}

  /** At debug: the statement, its parameter count, and its query runner (one per transaction). */
  logQuery(query: string, parameters?: unknown[], queryRunner?: QueryRunner): void {
    if (!this.logger.isLevelEnabled('debug')) return;
    const runner = this.runners.of(queryRunner);
    this.logger.debug(
      { query, parameterCount: parameters?.length ?? 0, ...(runner ? { runner } : {}) },
      'query',
    );
  }

  logQueryError(error: string | Error, query: string, parameters?: unknown[]): void {
    this.logger.error(
      { query, parameterCount: parameters?.length ?? 0, error: describeError(error) },
      'query failed',
    );
  }

  logQuerySlow(time: number, query: string, parameters?: unknown[]): void {
    this.logger.warn(
      { query, parameterCount: parameters?.length ?? 0, durationMs: time },
      'slow query',
    );
  }

  logSchemaBuild(message: string): void {
    this.logger.debug({ msg: message });
  }

  logMigration(message: string): void {
    this.logger.debug({ msg: message });
  }

  log(level: 'log' | 'info' | 'warn', message: unknown): void {
    const text = maskValues(typeof message === 'string' ? message : JSON.stringify(message));
    if (level === 'warn') this.logger.warn(text);
    else this.logger.info(text);
  }
}
