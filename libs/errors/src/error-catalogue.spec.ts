import { errorCatalogue } from './error-catalogue';
import { ErrorCode, httpStatusOf } from './error-code';

// gateway-api.md, Errors table: code and HTTP status of every row.
const SPEC_TABLE: Array<[number, number]> = [
  [40001, 400], [40002, 400], [40003, 400], [40004, 400], [40005, 400], [40006, 400],
  [40007, 400], [40008, 400], [40009, 400], [40010, 400], [40011, 400], [40012, 400],
  [40013, 400], [40014, 400], [40015, 400],
  [40101, 401], [40102, 401],
  [40301, 403], [40302, 403], [40303, 403], [40304, 403], [40305, 403], [40306, 403],
  [40307, 403], [40308, 403], [40309, 403], [40310, 403], [40311, 403], [40312, 403],
  [40401, 404], [40402, 404], [40403, 404], [40404, 404], [40405, 404], [40406, 404],
  [40407, 404],
  [40501, 405], [40502, 405], [40503, 405], [40504, 405],
  [42201, 422],
  [50001, 500],
]; // prettier-ignore

// ADR 0011 and the platform's own additions.
const ADDITIONS: Array<[number, number, string]> = [
  [40016, 400, 'Payout parameter missing'],
  [40103, 401, 'Authentication token rejected'],
  [40408, 404, 'Resource not found'],
  [40017, 400, 'Invalid parameter'],
  [40018, 400, 'Amount invalid for currency'],
  [40313, 403, 'Insufficient balance'],
  [40320, 403, 'Operator token lacks the write scope'],
  [40321, 403, 'Only a sandbox project can do this'],
  [42901, 429, 'Too many requests'],
  [41301, 413, 'Request body too large'],
  [41401, 414, 'Request URL too long'],
  [43101, 431, 'Request headers too large'],
  [50301, 503, 'Service temporarily unavailable, retry later'],
];

const catalogue: Record<number, { status: number; message: string } | undefined> = errorCatalogue;

describe('errorCatalogue', () => {
  it.each(SPEC_TABLE)('holds spec code %i with HTTP status %i', (code, status) => {
    expect(catalogue[code]?.status).toBe(status);
  });

  it.each(ADDITIONS)('holds added code %i (%i, %s)', (code, status, message) => {
    expect(catalogue[code]).toEqual({ status, message });
  });

  it('holds exactly the ErrorCode values', () => {
    const catalogued = Object.keys(errorCatalogue).map(Number).sort();
    expect(catalogued).toEqual(Object.values(ErrorCode).sort());
    expect(catalogued).toHaveLength(SPEC_TABLE.length + ADDITIONS.length);
  });

  it('gives every code an HTTP status equal to its first three digits', () => {
    for (const [code, entry] of Object.entries(errorCatalogue)) {
      expect(String(entry.status)).toBe(code.slice(0, 3));
    }
  });

  it('gives every code a non-empty message', () => {
    for (const entry of Object.values(errorCatalogue))
      expect(entry.message.length).toBeGreaterThan(0);
  });

  it('uses the spec wording for the signature errors', () => {
    expect(errorCatalogue[ErrorCode.SignatureMissing]).toEqual({
      status: 401,
      message: 'Signature missing',
    });
    expect(errorCatalogue[ErrorCode.SignatureInvalid]).toEqual({
      status: 403,
      message: 'Signature invalid',
    });
  });

  it('cannot be changed at run time', () => {
    expect(Object.isFrozen(errorCatalogue)).toBe(true);
    expect(Object.isFrozen(errorCatalogue[ErrorCode.UserBlocked])).toBe(true);
  });
});

describe('httpStatusOf', () => {
  it('takes the first three digits', () => {
    expect(httpStatusOf(40101)).toBe(401);
    expect(httpStatusOf(50301)).toBe(503);
    expect(httpStatusOf(42201)).toBe(422);
  });
});

describe('ErrorCode', () => {
  it('names codes readably', () => {
    expect(ErrorCode.SignatureMissing).toBe(40101);
    expect(ErrorCode.SignatureInvalid).toBe(40301);
    expect(ErrorCode.ProjectPublicKeyMissing).toBe(40001);
    expect(ErrorCode.ProjectNotFound).toBe(40401);
    expect(ErrorCode.PayoutParameterMissing).toBe(40016);
    expect(ErrorCode.InsufficientBalance).toBe(40313);
  });

  it('gives each code exactly one name', () => {
    const codes = Object.values(ErrorCode);
    expect(new Set(codes).size).toBe(codes.length);
  });
});
