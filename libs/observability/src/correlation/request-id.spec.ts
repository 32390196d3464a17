import { normalizeCorrelationId, resolveRequestId } from './request-id';

describe('normalizeCorrelationId', () => {
  it('accepts printable ids up to 128 characters', () => {
    expect(normalizeCorrelationId('abc-123_:./')).toBe('abc-123_:./');
    expect(normalizeCorrelationId('  padded  ')).toBe('padded');
    expect(normalizeCorrelationId('x'.repeat(128))).toBe('x'.repeat(128));
  });

  it('rejects empty, long, non-printable and non-string values', () => {
    for (const bad of [
      '',
      '   ',
      'x'.repeat(129),
      'a b',
      'line\nbreak',
      'caf\u00e9',
      42,
      undefined,
    ]) {
      expect(normalizeCorrelationId(bad)).toBeUndefined();
    }
  });

  it('reads Kafka header buffers and repeated headers', () => {
    expect(normalizeCorrelationId(Buffer.from('kafka-1'))).toBe('kafka-1');
    expect(normalizeCorrelationId(['first', 'second'])).toBe('first');
  });
});

describe('resolveRequestId', () => {
  it('prefers x-request-id, then x-correlation-id, then a UUID', () => {
    expect(resolveRequestId({ headers: { 'x-request-id': 'r', 'x-correlation-id': 'c' } })).toBe(
      'r',
    );
    expect(
      resolveRequestId({ headers: { 'x-request-id': 'bad id', 'x-correlation-id': 'c' } }),
    ).toBe('c');
    expect(resolveRequestId({ headers: {} })).toMatch(/^[0-9a-f-]{36}$/);
  });
});
