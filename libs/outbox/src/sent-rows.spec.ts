import type { DataSource } from 'typeorm';
import { DELETE_SENT, SentRows } from './sent-rows';

/** ADR 0065 amended: the writer's sent rows are deleted in one statement per gathering window. */
describe('SentRows', () => {
  let deletes: string[][];
  let inFlight: (() => void) | undefined;
  let holdDeletes: boolean;
  let rows: SentRows;

  beforeEach(() => {
    jest.useFakeTimers();
    deletes = [];
    holdDeletes = false;
    const dataSource = {
      query: (sql: string, [seqs]: [string[]]) => {
        expect(sql).toBe(DELETE_SENT);
        deletes.push(seqs);
        return holdDeletes ? new Promise<void>((done) => (inFlight = done)) : Promise.resolve();
      },
    } as unknown as DataSource;
    rows = new SentRows(dataSource, 50);
  });

  afterEach(() => jest.useRealTimers());

  it('waits out the window, then deletes the rows of every commit sent in it at once', async () => {
    rows.delete(['1']);
    await jest.advanceTimersByTimeAsync(20);
    rows.delete(['2', '3']);
    await jest.advanceTimersByTimeAsync(20);
    rows.delete(['4']);
    expect(deletes).toEqual([]);
    await jest.advanceTimersByTimeAsync(10);
    expect(deletes).toEqual([['1', '2', '3', '4']]);
  });

  it('gathers the rows sent during a delete for the next window', async () => {
    holdDeletes = true;
    rows.delete(['1']);
    await jest.advanceTimersByTimeAsync(50);
    expect(deletes).toEqual([['1']]);
    rows.delete(['2']);
    rows.delete(['3']);
    inFlight?.();
    await jest.advanceTimersByTimeAsync(49);
    expect(deletes).toEqual([['1']]);
    await jest.advanceTimersByTimeAsync(1);
    expect(deletes).toEqual([['1'], ['2', '3']]);
  });

  it('deletes at once when settled (shutdown), including rows sent during that delete', async () => {
    holdDeletes = true;
    rows.delete(['1']);
    const settled = rows.settled();
    expect(deletes).toEqual([['1']]);
    rows.delete(['2']);
    inFlight?.();
    await jest.advanceTimersByTimeAsync(0);
    expect(deletes).toEqual([['1'], ['2']]);
    inFlight?.();
    await settled;
  });
});
