import { ApiError } from '@opp/errors';
import { CONTRACT_REFUSAL_PREFIX } from '@opp/messaging';
import { answerOrThrow } from './answer-or-throw';

const refusal = (code: number, message: string) => {
  try {
    answerOrThrow({ ok: false, error: { code, message } });
  } catch (error) {
    if (error instanceof ApiError) return { code: error.code, message: error.message };
    throw error;
  }
  throw new Error('expected an ApiError');
};

// Issue 37 L9: merchants see the spec's codes and plain messages.
describe('answerOrThrow', () => {
  it('passes a value through', () => {
    expect(answerOrThrow({ ok: true, value: 7 })).toBe(7);
  });

  it('shows a contract refusal as the catalogue message alone, no internal field names', () => {
    expect(
      refusal(40017, `${CONTRACT_REFUSAL_PREFIX}successUrl: successUrl must be a URL address`),
    ).toEqual({ code: 40017, message: 'Invalid parameter' });
  });

  it('does not repeat the catalogue message a service already put first', () => {
    expect(
      refusal(40313, 'Insufficient balance: the payout is above the available balance'),
    ).toEqual({
      code: 40313,
      message: 'Insufficient balance: the payout is above the available balance',
    });
  });

  it('keeps a service detail after the catalogue message', () => {
    expect(refusal(40017, 'action must be confirm or cancel')).toEqual({
      code: 40017,
      message: 'Invalid parameter: action must be confirm or cancel',
    });
    expect(refusal(40403, 'Transaction does not exist')).toEqual({
      code: 40403,
      message: 'Transaction does not exist',
    });
  });

  it('answers an unknown code with 503', () => {
    expect(refusal(59999, 'x').code).toBe(50301);
  });
});
