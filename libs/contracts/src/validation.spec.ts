import { randomUUID } from 'node:crypto';
import { ResolveUserV1 } from './messages/users/resolve-user.v1';
import { validateAgainst, validateEnvelope } from './validation';

describe('validateEnvelope', () => {
  const envelope = {
    id: randomUUID(),
    type: 'users.user-created.v1',
    key: '42',
    occurredAt: new Date().toISOString(),
    payload: { any: 'thing' },
  };

  it('accepts a complete envelope and keeps its payload untouched', () => {
    const result = validateEnvelope(envelope);
    expect(result).toEqual({
      ok: true,
      value: expect.objectContaining({ payload: { any: 'thing' } }),
    });
  });

  it.each([
    ['a missing id', { ...envelope, id: undefined }],
    ['an id that is not a UUID', { ...envelope, id: 'x' }],
    ['an empty key', { ...envelope, key: '' }],
    ['a bad date', { ...envelope, occurredAt: 'yesterday' }],
    ['no payload', { ...envelope, payload: undefined }],
  ])('refuses %s', (_, plain) => {
    expect(validateEnvelope(plain).ok).toBe(false);
  });

  it('validates an envelope that carries a key naming the prototype against its schema', () => {
    // Set through assignment, `__proto__` would swap the instance's class and so its rules.
    const withProto = (fields: object) =>
      JSON.parse(
        JSON.stringify({ ...envelope, ...fields }).replace('{', '{"__proto__":{"polluted":true},'),
      ) as object;
    expect(validateEnvelope(withProto({ id: 'x' })).ok).toBe(false);
    const accepted = validateEnvelope(withProto({}));
    expect(accepted.ok && Object.getPrototypeOf(accepted.value)).toBe(Object.prototype);
    expect(({} as Record<string, unknown>).polluted).toBe(undefined);
  });

  it('refuses what is not an object', () => {
    expect(validateEnvelope('text')).toEqual({
      ok: false,
      problems: ['envelope must be an object'],
    });
  });
});

describe('validateAgainst', () => {
  const command = { projectId: 1, identifier: 'u-1', ip: '10.0.0.1' };

  it('returns an instance of the schema for valid data', () => {
    const result = validateAgainst(ResolveUserV1, command);
    expect(result.ok && result.value).toBeInstanceOf(ResolveUserV1);
  });

  it('names each problem with its path', () => {
    const result = validateAgainst(ResolveUserV1, { ...command, projectId: 0, identifier: '' });
    expect(result.ok).toBe(false);
    expect(!result.ok && result.problems.join()).toMatch(/projectId: .*identifier: /);
  });

  it('refuses unknown properties instead of passing them on', () => {
    const result = validateAgainst(ResolveUserV1, { ...command, isAdmin: true });
    expect(!result.ok && result.problems.join()).toMatch(/isAdmin/);
  });
});
