import { Writable } from 'node:stream';
import { QueryFailedError } from 'typeorm';
import { createLogger, runWithCorrelation } from '@opp/observability';
import { serviceDataSourceOptions } from './data-source-options';
import { TypeormPinoLogger } from './typeorm-pino-logger';

const EMAIL = 'jane.doe@example.com';
const IP = '203.0.113.9';
const PAN = '4111111111111111';

function sinkLogger() {
  const lines: Record<string, unknown>[] = [];
  const sink = new Writable({
    write(chunk: Buffer, _encoding, done) {
      for (const line of chunk.toString('utf8').split('\n').filter(Boolean)) {
        lines.push(JSON.parse(line) as Record<string, unknown>);
      }
      done();
    },
  });
  return {
    lines,
    logger: new TypeormPinoLogger(createLogger({ service: 'users-recurring' }, sink)),
  };
}

// What pg and TypeORM hand the logger for a unique violation: the values are in the driver
// error's `detail` and in the error's `parameters`.
function uniqueViolation(query: string, parameters: unknown[]): QueryFailedError {
  const driverError = Object.assign(
    new Error('duplicate key value violates unique constraint "users_email_key"'),
    {
      code: '23505',
      detail: `Key (email)=(${EMAIL}) already exists.`,
      constraint: 'users_email_key',
      table: 'users',
    },
  );
  return new QueryFailedError(query, parameters, driverError);
}

describe('TypeormPinoLogger', () => {
  it('logs a failing query as a pino JSON line without the parameters or the values in detail', () => {
    const { lines, logger } = sinkLogger();
    const query = `INSERT INTO users (email, ip, note) VALUES ($1, $2, 'card ${PAN}')`;
    const parameters = [EMAIL, IP];
    runWithCorrelation('req-7', () =>
      logger.logQueryError(uniqueViolation(query, parameters), query, parameters),
    );
    expect(lines).toHaveLength(1);
    const [line] = lines;
    expect(line).toMatchObject({
      service: 'users-recurring',
      level: 'error',
      msg: 'query failed',
      correlationId: 'req-7',
      parameterCount: 2,
      error: {
        type: 'QueryFailedError',
        code: '23505',
        constraint: 'users_email_key',
        table: 'users',
      },
    });
    const text = JSON.stringify(line);
    expect(text).not.toContain(EMAIL);
    expect(text).not.toContain(IP);
    // The card-data scrubber of the service's pino options ran over the line.
    expect(text).not.toContain(PAN);
    expect(line.query).toContain('411111******1111');
  });

  it('masks e-mail and IP addresses that the driver quotes in its message', () => {
    const { lines, logger } = sinkLogger();
    logger.logQueryError(
      new Error(`invalid input syntax for type uuid: "${EMAIL}" from ${IP}`),
      'SELECT 1',
      [],
    );
    expect(lines[0].error).toEqual({
      type: 'Error',
      message: 'invalid input syntax for type uuid: "[MASKED]" from [MASKED]',
    });
  });

  it('keeps query logs at debug, without parameters', () => {
    const { lines, logger } = sinkLogger();
    logger.logQuery('SELECT * FROM users WHERE email = $1', [EMAIL]);
    expect(lines).toEqual([]);
  });

  it('is the logger of every service data source', () => {
    const options = serviceDataSourceOptions({
      service: 'payments',
      url: 'postgres://u@h:5432/d',
      entities: [],
      migrations: [],
    });
    expect(options.logger).toBeInstanceOf(TypeormPinoLogger);
  });
});
