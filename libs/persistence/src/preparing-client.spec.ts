import { StatementNames } from './preparing-client';

describe('StatementNames', () => {
  it('gives a text the same name every time, and another text another name', () => {
    const names = new StatementNames(10);
    const first = names.nameOf('SELECT $1');
    expect(first).toMatch(/^opp_[0-9a-f]{24}$/);
    expect(names.nameOf('SELECT $1')).toBe(first);
    expect(names.nameOf('SELECT $2')).not.toBe(first);
    // The name depends on the text alone: every connection and replica prepares it under one name.
    expect(new StatementNames(10).nameOf('SELECT $1')).toBe(first);
  });

  it('names no new text past its cap, and keeps the names it gave', () => {
    const names = new StatementNames(2);
    const a = names.nameOf('a');
    names.nameOf('b');
    expect(names.nameOf('c')).toBeUndefined();
    expect(names.nameOf('a')).toBe(a);
  });
});
