import { randomUUID } from 'node:crypto';
import { DataSource } from 'typeorm';
import { lockWaitersReach, MigratedTestDatabase, suitePrefixes } from '@opp/testing';
import { migrations } from '../../database/database-options';
import { SignedRequestRepository, type ClaimKey } from './signed-request.repository';

const { dbPrefix } = suitePrefixes('signed request repository');
const database = `${dbPrefix}gateway`;

describe('SignedRequestRepository against PostgreSQL', () => {
  let db: MigratedTestDatabase;
  let dataSource: DataSource;
  let repository: SignedRequestRepository;

  beforeAll(async () => {
    db = await MigratedTestDatabase.create(database, migrations);
    dataSource = db.dataSource;
    repository = new SignedRequestRepository(dataSource);
  });

  afterAll(() => db.drop());

  /** A transaction of the test's, holding what `sql` locks or writes until the test ends it. */
  const holding = async (sql: string, params: unknown[]) => {
    const holder = dataSource.createQueryRunner();
    await holder.connect();
    await holder.startTransaction();
    await holder.query(sql, params);
    return holder;
  };

  const claimed = async () => {
    const key: ClaimKey = { projectId: 1, signature: randomUUID() };
    const token = randomUUID();
    expect(await repository.claim(key, 'h'.repeat(64), token, 60)).toBe(true);
    return { key, token };
  };

  it('keeps a given-up claim bound to its parameters; an identical claim takes it over at once (ADR 0059)', async () => {
    const { key, token } = await claimed();
    // Within the lease, nobody takes an unanswered claim over.
    expect(await repository.claim(key, 'h'.repeat(64), randomUUID(), 60)).toBe(false);
    await repository.giveUp(key, token);
    expect(await repository.find(key)).toEqual({ paramsHash: 'h'.repeat(64), answer: null });
    expect(await repository.claim(key, 'x'.repeat(64), randomUUID(), 60)).toBe(false);
    const retry = randomUUID();
    expect(await repository.claim(key, 'h'.repeat(64), retry, 60)).toBe(true);
    // The first attempt's late answer no longer lands; the retry's does.
    await repository.storeAnswer(key, token, { status: 200, body: '{"late":true}' });
    await repository.storeAnswer(key, retry, { status: 200, body: '{"id":1}' });
    expect(await repository.find(key)).toMatchObject({ answer: { status: 200, body: '{"id":1}' } });
  });

  it('gives up only an unanswered claim', async () => {
    const { key, token } = await claimed();
    await repository.storeAnswer(key, token, { status: 200, body: '{"id":2}' });
    await repository.giveUp(key, token);
    expect(await repository.claim(key, 'h'.repeat(64), randomUUID(), 60)).toBe(false);
    expect(await repository.find(key)).toMatchObject({ answer: { status: 200, body: '{"id":2}' } });
  });

  it('stores an answer on the row its claim owns, and only there', async () => {
    const { key, token } = await claimed();
    await repository.storeAnswer(key, randomUUID(), { status: 200, body: '{"stale":true}' });
    expect(await repository.find(key)).toMatchObject({ answer: null });
    await repository.storeAnswer(key, token, { status: 200, body: '{"id":1}' });
    expect(await repository.find(key)).toMatchObject({ answer: { status: 200, body: '{"id":1}' } });
  });

  it('stores the answers handed over while one store is in flight in one statement (ADR 0065)', async () => {
    const first = await claimed();
    const others = await Promise.all(Array.from({ length: 6 }, claimed));
    const statements = jest.spyOn(dataSource, 'query');
    try {
      // The first store waits on a row lock the test holds, so the others queue behind it.
      const holder = await holding(
        'SELECT 1 FROM signed_requests WHERE project_id = $1 AND signature = $2 FOR UPDATE',
        [first.key.projectId, first.key.signature],
      );
      const stores = [first, ...others].map(({ key, token }, i) =>
        repository.storeAnswer(key, token, { status: 200, body: `{"n":${i}}` }),
      );
      await lockWaitersReach((sql, p) => dataSource.query(sql, p), database, 1, 'the first store');
      await holder.commitTransaction();
      await holder.release();
      await Promise.all(stores);

      const stored = statements.mock.calls.filter(([sql]) => /UPDATE signed_requests/.test(sql));
      expect(stored).toHaveLength(2);
      for (const [i, { key }] of [first, ...others].entries()) {
        expect(await repository.find(key)).toMatchObject({
          answer: { status: 200, body: `{"n":${i}}` },
        });
      }
    } finally {
      statements.mockRestore();
    }
  });

  it('claims the signatures handed over while one claim is in flight in one statement (ADR 0065)', async () => {
    const first: ClaimKey = { projectId: 1, signature: randomUUID() };
    const others: ClaimKey[] = Array.from({ length: 6 }, () => ({
      projectId: 1,
      signature: randomUUID(),
    }));
    const twice: ClaimKey = { projectId: 2, signature: randomUUID() };
    const statements = jest.spyOn(dataSource, 'query');
    try {
      // The first claim waits on the test's uncommitted row of its signature, so the others queue.
      const holder = await holding(
        `INSERT INTO signed_requests (project_id, signature, params_hash, claim_token)
         VALUES ($1, $2, $3, $4)`,
        [first.projectId, first.signature, 'h'.repeat(64), randomUUID()],
      );
      const firstClaim = repository.claim(first, 'h'.repeat(64), randomUUID(), 60);
      await lockWaitersReach((sql, p) => dataSource.query(sql, p), database, 1, 'the first claim');
      const otherClaims = others.map((key) =>
        repository.claim(key, 'h'.repeat(64), randomUUID(), 60),
      );
      // The same signature twice in one statement: the first claim takes it, the second does not.
      const twiceClaims = [randomUUID(), randomUUID()].map((token) =>
        repository.claim(twice, 'h'.repeat(64), token, 60),
      );
      await holder.rollbackTransaction();
      await holder.release();

      expect(await firstClaim).toBe(true);
      expect(await Promise.all(otherClaims)).toEqual(others.map(() => true));
      expect(await Promise.all(twiceClaims)).toEqual([true, false]);
      const claims = statements.mock.calls.filter(([sql]) =>
        /INSERT INTO signed_requests/.test(sql),
      );
      expect(claims).toHaveLength(2);
      for (const key of [first, ...others, twice]) {
        expect(await repository.find(key)).toMatchObject({ answer: null });
      }
    } finally {
      statements.mockRestore();
    }
  });
});
