import { randomUUID } from 'node:crypto';
import { DataSource } from 'typeorm';
import { asUnitOfWork } from '@opp/persistence';
import {
  holdTransactionOpen,
  lockWaitersReach,
  MigratedTestDatabase,
  suitePrefixes,
} from '@opp/testing';
import { migrations } from '../../database/database-options';
import type { NewUser } from '../domain/user';
import { UserRepository } from './user.repository';

const { dbPrefix } = suitePrefixes('user repository');
const database = `${dbPrefix}users`;

const newUser = (identifier: string, fields: Partial<NewUser> = {}): NewUser => ({
  projectId: 1,
  identifier,
  displayName: null,
  email: `${identifier}@example.com`,
  phone: null,
  locale: null,
  ip: '203.0.113.9',
  userAgent: null,
  ...fields,
});

describe('UserRepository against PostgreSQL', () => {
  let db: MigratedTestDatabase;
  let dataSource: DataSource;
  let users: UserRepository;

  beforeAll(async () => {
    db = await MigratedTestDatabase.create(database, migrations);
    dataSource = db.dataSource;
    users = new UserRepository(dataSource);
  });

  afterAll(() => db.drop());

  const addIfAbsent = (user: NewUser) =>
    dataSource.transaction((tx) => users.addIfAbsent(asUnitOfWork(tx), user));

  /** A transaction that has inserted the user and holds its lock until `release` is called. */
  const insertedAndHeld = (identifier: string) =>
    holdTransactionOpen(dataSource, (tx) =>
      users.addIfAbsent(asUnitOfWork(tx), newUser(identifier)),
    );

  it('creates a user once; the same identifier later answers the stored one', async () => {
    const identifier = `u-${randomUUID()}`;
    const first = await addIfAbsent(newUser(identifier, { displayName: 'First' }));
    expect(first.created).toBe(true);
    expect(first.user).toMatchObject({ identifier, displayName: 'First', projectId: 1 });
    const again = await addIfAbsent(newUser(identifier, { displayName: 'Second' }));
    expect(again).toEqual({ user: first.user, created: false });
    const other = await addIfAbsent(newUser(identifier, { projectId: 2 }));
    expect(other.created).toBe(true);
    expect(other.user.id).not.toBe(first.user.id);
  });

  it('answers the row a concurrent call inserted while it waited on the unique key', async () => {
    const identifier = `u-${randomUUID()}`;
    const first = await insertedAndHeld(identifier);
    // Its snapshot is taken before the first commits: its insert waits, then does nothing.
    const second = addIfAbsent(newUser(identifier));
    await lockWaitersReach(
      (sql, params) => dataSource.query(sql, params),
      database,
      1,
      'the second insert waiting for the first',
    );
    first.release();
    await first.ended;
    const created = first.result;
    expect(created.created).toBe(true);
    expect(await second).toEqual({ user: created.user, created: false });
  });
});
