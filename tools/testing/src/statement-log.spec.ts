import { transactionAround, transactionsIn, type LoggedStatement } from './statement-log';

const on = (runner: number, ...queries: string[]): LoggedStatement[] =>
  queries.map((query) => ({ query, runner }));

/** As a loaded CI run logged it: the relay's transaction began inside a run of charges. */
const interleaved: LoggedStatement[] = [
  ...on(1, 'START TRANSACTION', 'INSERT INTO inbox_messages'),
  ...on(2, 'START TRANSACTION', 'WITH relay_lock AS'),
  ...on(1, 'WITH found AS', 'WITH inserted AS'),
  ...on(2, 'COMMIT'),
  ...on(1, 'WITH found AS', 'WITH inserted AS', 'COMMIT'),
];

describe('statement log transactions', () => {
  it('keeps each transaction to its own query runner when another is logged in between', () => {
    expect(transactionsIn(interleaved).map((t) => t.map((s) => s.query))).toEqual([
      ['START TRANSACTION', 'WITH relay_lock AS', 'COMMIT'],
      [
        'START TRANSACTION',
        'INSERT INTO inbox_messages',
        'WITH found AS',
        'WITH inserted AS',
        'WITH found AS',
        'WITH inserted AS',
        'COMMIT',
      ],
    ]);
  });

  it('finds the transaction around a statement among its runner’s statements only', () => {
    const around = transactionAround(interleaved, (s) => s.query === 'INSERT INTO inbox_messages');
    expect(around).toHaveLength(7);
    expect(around.every((s) => s.runner === 1)).toBe(true);
  });
});
