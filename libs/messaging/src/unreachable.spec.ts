import { isDependencyUnreachable } from './unreachable';

describe('isDependencyUnreachable', () => {
  const withCode = (code: string) => Object.assign(new Error('x'), { code });

  it('knows a refused or reset connection and a server going down', () => {
    expect(isDependencyUnreachable(withCode('ECONNREFUSED'))).toBe(true);
    expect(isDependencyUnreachable(withCode('ECONNRESET'))).toBe(true);
    expect(isDependencyUnreachable(withCode('57P01'))).toBe(true);
    expect(isDependencyUnreachable(withCode('08006'))).toBe(true);
    expect(isDependencyUnreachable(new Error('Connection terminated unexpectedly'))).toBe(true);
  });

  it('follows TypeORM and cause wrapping', () => {
    const typeorm = Object.assign(new Error('query failed'), { driverError: withCode('57P01') });
    expect(isDependencyUnreachable(typeorm)).toBe(true);
    expect(isDependencyUnreachable(new Error('outer', { cause: withCode('ECONNRESET') }))).toBe(
      true,
    );
  });

  it('leaves a bad message or a constraint to the dead-letter path', () => {
    expect(isDependencyUnreachable(withCode('23505'))).toBe(false);
    expect(isDependencyUnreachable(new Error('amount must be positive'))).toBe(false);
    expect(isDependencyUnreachable(undefined)).toBe(false);
  });
});
