import type { DataSource } from 'typeorm';
import { databaseCheck, flagCheck } from './health-check';

function fakeDataSource(isInitialized: boolean, query: jest.Mock): DataSource {
  return { isInitialized, query } as unknown as DataSource;
}

describe('databaseCheck', () => {
  it('passes when SELECT 1 answers', async () => {
    const query = jest.fn().mockResolvedValue([{ '?column?': 1 }]);
    const check = databaseCheck(fakeDataSource(true, query));
    expect(check.name).toBe('database');
    await expect(check.check()).resolves.toBeUndefined();
    expect(query).toHaveBeenCalledWith('SELECT 1');
  });

  it('fails when the query fails or the source is not initialized', async () => {
    const failing = jest.fn().mockRejectedValue(new Error('connection refused'));
    await expect(databaseCheck(fakeDataSource(true, failing)).check()).rejects.toThrow(
      'connection refused',
    );
    const unused = jest.fn();
    await expect(databaseCheck(fakeDataSource(false, unused), 'db').check()).rejects.toThrow(
      'not connected',
    );
    expect(unused).not.toHaveBeenCalled();
  });
});

describe('flagCheck', () => {
  it('follows the flag at each call', async () => {
    let joined = false;
    const check = flagCheck('kafka-consumer', () => joined, 'consumer group not joined');
    await expect(check.check()).rejects.toThrow('consumer group not joined');
    joined = true;
    await expect(check.check()).resolves.toBeUndefined();
  });
});
