import { createHash } from 'node:crypto';
import {
  newOperatorToken,
  OPERATOR_NAME,
  operatorTokenDigest,
  RESERVED_OPERATOR_NAMES,
  scopeAllows,
} from './admin-operator';

describe('admin operator tokens (ADR 0061)', () => {
  it('lets a read token only look, a write token do everything', () => {
    for (const method of ['GET', 'HEAD']) expect(scopeAllows('read', method)).toBe(true);
    for (const method of ['POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS']) {
      expect([method, scopeAllows('read', method)]).toEqual([method, false]);
      expect(scopeAllows('write', method)).toBe(true);
    }
  });

  it('issues 256-bit tokens and keeps their SHA-256', () => {
    const token = newOperatorToken();
    expect(token).toMatch(/^opt_[A-Za-z0-9_-]{43}$/);
    expect(newOperatorToken()).not.toBe(token);
    expect(operatorTokenDigest(token)).toEqual(createHash('sha256').update(token).digest());
  });

  it('accepts plain operator names and reserves the audit log fixed actors', () => {
    for (const name of ['alice', 'ops.bot-1', 'a@example.com'])
      expect(OPERATOR_NAME.test(name)).toBe(true);
    for (const name of ['', 'Alice', 'has space', '-lead', 'x'.repeat(101)]) {
      expect([name, OPERATOR_NAME.test(name)]).toEqual([name, false]);
    }
    expect(RESERVED_OPERATOR_NAMES).toEqual(['bootstrap', 'unauthenticated']);
  });
});
