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

  it('adds many users in one statement: each new one created, each known one found', async () => {
    const known = await addIfAbsent(newUser(`u-${randomUUID()}`, { displayName: 'Known' }));
    const fresh = [`u-${randomUUID()}`, `u-${randomUUID()}`];
    const answered = await dataSource.transaction((tx) =>
      users.addManyIfAbsent(asUnitOfWork(tx), [
        newUser(fresh[0], { displayName: 'A', locale: 'de' }),
        newUser(known.user.identifier, { displayName: 'Ignored' }),
        newUser(fresh[1], { projectId: 2, userAgent: 'ua' }),
      ]),
    );
    const byIdentifier = new Map(answered.map((a) => [a.user.identifier, a]));
    expect(answered).toHaveLength(3);
    expect(byIdentifier.get(known.user.identifier)).toEqual({ user: known.user, created: false });
    expect(byIdentifier.get(fresh[0])).toMatchObject({
      created: true,
      user: { projectId: 1, displayName: 'A', locale: 'de', email: `${fresh[0]}@example.com` },
    });
    expect(byIdentifier.get(fresh[1])).toMatchObject({
      created: true,
      user: { projectId: 2, userAgent: 'ua' },
    });
    // What was added is what a later resolve finds.
    for (const { user } of answered) {
      expect(await addIfAbsent(newUser(user.identifier, { projectId: user.projectId }))).toEqual({
        user,
        created: false,
      });
    }
  });

  it('leaves out of its answer a user a concurrent call inserted while it waited', async () => {
    const identifier = `u-${randomUUID()}`;
    const other = `u-${randomUUID()}`;
    const first = await insertedAndHeld(identifier);
    const many = dataSource.transaction((tx) =>
      users.addManyIfAbsent(asUnitOfWork(tx), [newUser(other), newUser(identifier)]),
    );
    await lockWaitersReach(
      (sql, params) => dataSource.query(sql, params),
      database,
      1,
      'the many-user insert waiting for the first',
    );
    first.release();
    await first.ended;
    // Its snapshot predates the first's commit: the identifier is neither inserted nor seen.
    const answered = await many;
    expect(answered.map((a) => [a.user.identifier, a.created])).toEqual([[other, true]]);
  });
});
