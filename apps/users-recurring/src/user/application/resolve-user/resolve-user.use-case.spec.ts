import type { ResolveUserV1 } from '@opp/contracts';
import type { OutboxWriter } from '@opp/outbox';
import type { UnitOfWork } from '@opp/persistence';
import type { NewUser, User } from '../../domain/user';
import { UserStore } from '../user.store';
import { ResolveUserUseCase } from './resolve-user.use-case';

/** Users in memory; counts the statements a real store would run. */
class CountingUsers extends UserStore {
  readonly rows = new Map<string, User>();
  singles = 0;
  batches: string[][] = [];
  /** Identifiers the many-user statement leaves out, as if a concurrent insert raced it. */
  raced = new Set<string>();

  async addIfAbsent(_work: UnitOfWork, user: NewUser) {
    this.singles += 1;
    return this.add(user);
  }

  async addManyIfAbsent(_work: UnitOfWork, users: readonly NewUser[]) {
    this.batches.push(users.map((u) => u.identifier));
    return users.filter((u) => !this.raced.has(u.identifier)).map((u) => this.add(u));
  }

  async findOfProject(): Promise<User | null> {
    return null;
  }

  async findManyOfProject(): Promise<User[]> {
    return [];
  }

  private add(user: NewUser): { user: User; created: boolean } {
    const key = `${user.projectId}/${user.identifier}`;
    const stored = this.rows.get(key);
    if (stored) return { user: stored, created: false };
    const created = { ...user, id: String(this.rows.size + 1), createdAt: new Date() };
    this.rows.set(key, created);
    return { user: created, created: true };
  }
}

const command = (identifier: string, projectId = 7): ResolveUserV1 => ({
  projectId,
  identifier,
  ip: '203.0.113.9',
});

describe('ResolveUserUseCase: users prepared for a run (ADR 0054)', () => {
  let users: CountingUsers;
  let announced: string[];
  let useCase: ResolveUserUseCase;
  const work = () => ({}) as UnitOfWork;

  beforeEach(() => {
    users = new CountingUsers();
    announced = [];
    const outbox = {
      add: async (_work: UnitOfWork, messages: { payload: { identifier: string } }[]) => {
        announced.push(...messages.map((m) => m.payload.identifier));
      },
    } as unknown as OutboxWriter;
    useCase = new ResolveUserUseCase(users, outbox);
  });

  it('resolves the users of a run in one statement and announces each new one once', async () => {
    await users.addIfAbsent(work(), { ...nulls, projectId: 7, identifier: 'known' });
    users.singles = 0;
    const unit = work();
    const run = [command('a'), command('known'), command('b'), command('a')];
    await useCase.prepare(unit, run);
    const answers = [];
    for (const resolve of run) answers.push(await useCase.execute(unit, resolve));
    expect(users.batches).toEqual([['a', 'known', 'b']]);
    expect(users.singles).toBe(0);
    expect(answers.map((a) => a.ok && a.value.created)).toEqual([true, false, true, false]);
    const ids = answers.map((a) => a.ok && a.value.id);
    expect(ids[3]).toBe(ids[0]);
    expect(announced).toEqual(['a', 'b']);
  });

  it('asks no user twice in a unit of work: a later prepare of the same run adds nothing', async () => {
    const unit = work();
    await useCase.prepare(unit, [command('a'), command('b'), command('c')]);
    await useCase.prepare(unit, [command('b'), command('c')]);
    expect(users.batches).toEqual([['a', 'b', 'c']]);
  });

  it('resolves a run naming one user twice in one statement', async () => {
    const unit = work();
    await useCase.prepare(unit, [command('a'), command('a')]);
    const first = await useCase.execute(unit, command('a'));
    const second = await useCase.execute(unit, command('a'));
    expect(users.batches).toEqual([['a']]);
    expect(users.singles).toBe(0);
    expect([first, second].map((a) => a.ok && a.value.created)).toEqual([true, false]);
  });

  it('resolves a user the many-user statement left out (a concurrent insert) on its own', async () => {
    const unit = work();
    users.raced.add('b');
    await useCase.prepare(unit, [command('a'), command('b')]);
    const b = await useCase.execute(unit, command('b'));
    expect(b).toMatchObject({ ok: true, value: { created: true } });
    expect(users.singles).toBe(1);
  });

  it('prepares for one unit of work only', async () => {
    const unit = work();
    await useCase.prepare(unit, [command('a'), command('b')]);
    expect(useCase.hasPrepared(unit)).toBe(true);
    expect(useCase.hasPrepared(work())).toBe(false);
    await useCase.execute(work(), command('a'));
    expect(users.singles).toBe(1);
  });
});

const nulls = {
  displayName: null,
  email: null,
  phone: null,
  locale: null,
  ip: null,
  userAgent: null,
};
