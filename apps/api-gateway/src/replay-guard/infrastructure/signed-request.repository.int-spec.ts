import { randomUUID } from 'node:crypto';
import { DataSource } from 'typeorm';
import { MigratedTestDatabase, suitePrefixes } from '@opp/testing';
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
});
