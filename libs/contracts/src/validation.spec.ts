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
