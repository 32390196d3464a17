import { AsyncLocalStorage } from 'node:async_hooks';
import { Coalescer } from './coalescer';

/** A statement the test ends: each call is recorded with its outcomes and settled by hand. */
class HeldStatements {
  readonly calls: {
    outcomes: string[];
    resolve: (r: string[]) => void;
    reject: (e: unknown) => void;
  }[] = [];

  readonly writeAll = (outcomes: string[]): Promise<string[]> =>
    new Promise((resolve, reject) => this.calls.push({ outcomes, resolve, reject }));

  /** Answers the call with each outcome stored (upper-cased), or null for those in `unmatched`. */
  answer(call: number, unmatched: string[] = []): void {
    const { outcomes, resolve } = this.calls[call];
    resolve(
      outcomes.map((o) => (unmatched.includes(o) ? (null as unknown as string) : o.toUpperCase())),
    );
  }
}

const settle = () => new Promise((resolve) => setImmediate(resolve));

describe('Coalescer (ADR 0065)', () => {
  it('gathers no more weight in one group than its maximum, oldest first', async () => {
    const statements = new HeldStatements();
    const coalescer = new Coalescer(statements.writeAll, { maxWeight: 5, weigh: (o) => o.length });
    void coalescer.add('a');
    const waiting = ['bb', 'ccc', 'dddd', 'eeeeee'].map((o) => coalescer.add(o));
    statements.answer(0);
    await settle();
    expect(statements.calls.map((c) => c.outcomes)).toEqual([['a'], ['bb', 'ccc']]);
    statements.answer(1);
    await settle();
    statements.answer(2);
    await settle();
    // Heavier than the maximum alone: it still goes, in a group of its own.
    expect(statements.calls.map((c) => c.outcomes)).toEqual([
      ['a'],
      ['bb', 'ccc'],
      ['dddd'],
      ['eeeeee'],
    ]);
    statements.answer(3);
    await expect(Promise.all(waiting)).resolves.toEqual(['BB', 'CCC', 'DDDD', 'EEEEEE']);
  });

  it('writes an outcome at once when nothing is in flight: no timer, no wait for a group', () => {
    const statements = new HeldStatements();
    const coalescer = new Coalescer(statements.writeAll);
    void coalescer.add('a');
    // Synchronously, in the caller's own turn.
    expect(statements.calls.map((c) => c.outcomes)).toEqual([['a']]);
  });

  it('writes the outcomes finished during a statement together in the next one', async () => {
    const statements = new HeldStatements();
    const coalescer = new Coalescer(statements.writeAll);
    const first = coalescer.add('a');
    const rest = ['b', 'c', 'd'].map((o) => coalescer.add(o));
    await settle();
    // One in flight at a time: the others wait for it.
    expect(statements.calls.map((c) => c.outcomes)).toEqual([['a']]);
    statements.answer(0);
    await expect(first).resolves.toBe('A');
    await settle();
    expect(statements.calls.map((c) => c.outcomes)).toEqual([['a'], ['b', 'c', 'd']]);
    statements.answer(1, ['c']);
    await expect(Promise.all(rest)).resolves.toEqual(['B', null, 'D']);
    // Idle again: the next outcome goes at once, alone.
    void coalescer.add('e');
    expect(statements.calls.map((c) => c.outcomes)).toEqual([['a'], ['b', 'c', 'd'], ['e']]);
  });

  it('fails every caller of a failed statement, and only those', async () => {
    const statements = new HeldStatements();
    const coalescer = new Coalescer(statements.writeAll);
    const first = coalescer.add('a');
    const grouped = ['b', 'c'].map((o) => coalescer.add(o));
    statements.answer(0);
    await expect(first).resolves.toBe('A');
    await settle();
    const later = coalescer.add('d');
    statements.calls[1].reject(new Error('connection lost'));
    for (const outcome of grouped) await expect(outcome).rejects.toThrow('connection lost');
    await settle();
    expect(statements.calls.map((c) => c.outcomes)).toEqual([['a'], ['b', 'c'], ['d']]);
    statements.answer(2);
    await expect(later).resolves.toBe('D');
  });

  it('fails the callers of a statement that throws at once', async () => {
    const coalescer = new Coalescer<string, string>(() => {
      throw new Error('bad statement');
    });
    await expect(coalescer.add('a')).rejects.toThrow('bad statement');
    await expect(coalescer.add('b')).rejects.toThrow('bad statement');
  });

  it("writes at once in the caller's context, a merged statement in its own", async () => {
    const context = new AsyncLocalStorage<string>();
    const seen: (string | undefined)[][] = [];
    let release: () => void = () => undefined;
    const coalescer = new Coalescer<string, string>(async (outcomes) => {
      seen.push([context.getStore(), ...outcomes]);
      if (seen.length === 1) await new Promise<void>((resolve) => (release = resolve));
      return outcomes;
    });
    const first = context.run('request-1', () => coalescer.add('a'));
    const others = ['request-2', 'request-3'].map((id, i) =>
      context.run(id, () => coalescer.add(String(i))),
    );
    release();
    await Promise.all([first, ...others]);
    expect(seen).toEqual([
      ['request-1', 'a'],
      [undefined, '0', '1'],
    ]);
  });

  it('runs a failed group again item by item when aloneAfter says so: only the failing caller fails', async () => {
    const statements = new HeldStatements();
    const coalescer = new Coalescer(statements.writeAll, {
      aloneAfter: (error) => (error as Error).message === 'refused',
    });
    const first = coalescer.add('a');
    const grouped = Promise.allSettled(['b', 'bad', 'c'].map((o) => coalescer.add(o)));
    statements.answer(0);
    await expect(first).resolves.toBe('A');
    await settle();
    statements.calls[1].reject(new Error('refused'));
    await settle();
    statements.answer(2);
    await settle();
    statements.calls[3].reject(new Error('refused'));
    await settle();
    statements.answer(4);
    const [b, bad, c] = await grouped;
    expect(statements.calls.map((call) => call.outcomes)).toEqual([
      ['a'],
      ['b', 'bad', 'c'],
      ['b'],
      ['bad'],
      ['c'],
    ]);
    expect([b, c]).toEqual([
      { status: 'fulfilled', value: 'B' },
      { status: 'fulfilled', value: 'C' },
    ]);
    expect(bad).toMatchObject({ status: 'rejected', reason: new Error('refused') });
  });
});
