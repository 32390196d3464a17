import { ApiError, toErrorEnvelope } from './api-error';
import { ErrorCode } from './error-code';

describe('ApiError', () => {
  it('takes status and message from the catalogue', () => {
    const err = ApiError.of(ErrorCode.SignatureInvalid);
    expect(err).toBeInstanceOf(ApiError);
    expect(err).toBeInstanceOf(Error);
    expect(err.code).toBe(40301);
    expect(err.status).toBe(403);
    expect(err.message).toBe('Signature invalid');
    expect(err.name).toBe('ApiError');
  });

  it('appends a detail to the catalogue message', () => {
    const err = ApiError.of(ErrorCode.PayoutParameterMissing, 'iban');
    expect(err.status).toBe(400);
    expect(err.message).toBe('Payout parameter missing: iban');
  });

  // Issue 37 L9: a service's refusal that already names the catalogue message is not repeated.
  it('never repeats the catalogue message', () => {
    expect(
      ApiError.of(
        ErrorCode.InsufficientBalance,
        'Insufficient balance: the payout is above the available balance',
      ).message,
    ).toBe('Insufficient balance: the payout is above the available balance');
    expect(ApiError.of(ErrorCode.InsufficientBalance, 'insufficient balance').message).toBe(
      'Insufficient balance',
    );
    expect(
      ApiError.of(ErrorCode.InvalidParameter, 'Invalid parameter: Invalid parameter: x').message,
    ).toBe('Invalid parameter: x');
    expect(ApiError.of(ErrorCode.InvalidParameter, 'invalid amount').message).toBe(
      'Invalid parameter: invalid amount',
    );
  });

  it('ignores an empty detail', () => {
    expect(ApiError.of(ErrorCode.UserBlocked, '').message).toBe('User blocked');
  });

  it('maps the added codes to their statuses', () => {
    expect(ApiError.of(ErrorCode.TooManyRequests).status).toBe(429);
    expect(ApiError.of(ErrorCode.ServiceUnavailable).status).toBe(503);
    expect(ApiError.of(ErrorCode.InsufficientBalance).status).toBe(403);
  });

  it('keeps a stack trace', () => {
    expect(ApiError.of(ErrorCode.UserBlocked).stack).toContain('ApiError');
  });
});

describe('toErrorEnvelope', () => {
  it('gives the spec error shape', () => {
    expect(toErrorEnvelope(ApiError.of(ErrorCode.SignatureMissing))).toEqual({
      error: { code: 40101, message: 'Signature missing' },
    });
  });

  it('carries the detailed message', () => {
    expect(toErrorEnvelope(ApiError.of(ErrorCode.InvalidParameter, 'amount must be text'))).toEqual(
      { error: { code: 40017, message: 'Invalid parameter: amount must be text' } },
    );
  });
});
