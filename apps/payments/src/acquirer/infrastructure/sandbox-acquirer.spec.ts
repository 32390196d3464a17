import { SANDBOX_DECLINES } from '@opp/testing';
import type { AcquirerCard } from '../domain/acquirer';
import { SandboxAcquirer, SANDBOX_SETTLE_AFTER_MS } from './sandbox-acquirer';

const acquirer = new SandboxAcquirer();
const card = (number: string): AcquirerCard => ({
  number,
  expirationMonth: 12,
  expirationYear: 2040,
  securityCode: '123',
});
const authorize = (number: string, authenticated = false) =>
  acquirer.authorize({ card: card(number), amountMinor: 1000n, currency: 'EUR', authenticated });

describe('sandbox acquirer (D6)', () => {
  it.each(['4242424242424242', '5555555555554444', '4111111111111111'])('approves %s', async (n) =>
    expect(await authorize(n)).toEqual({ outcome: 'approved' }),
  );

  it.each(SANDBOX_DECLINES)('declines %s with "%s"', async (n, reason) =>
    expect(await authorize(n)).toEqual({ outcome: 'declined', reason }),
  );

  it('challenges 4000000000003220 and 4000008400001629, and nothing else', async () => {
    expect(await acquirer.requiresChallenge(card('4000000000003220'))).toBe(true);
    expect(await acquirer.requiresChallenge(card('4000008400001629'))).toBe(true);
    expect(await acquirer.requiresChallenge(card('4242424242424242'))).toBe(false);
  });

  it('approves 3220 after a passed challenge and declines 1629 after one', async () => {
    expect(await authorize('4000000000003220', true)).toEqual({ outcome: 'approved' });
    expect(await authorize('4000008400001629', true)).toEqual({
      outcome: 'declined',
      reason: 'card declined',
    });
  });

  it('leaves 4000000000000119 pending, settling approved within 5 seconds', async () => {
    expect(await authorize('4000000000000119')).toEqual({
      outcome: 'pending',
      settleAfterMs: SANDBOX_SETTLE_AFTER_MS,
    });
    expect(SANDBOX_SETTLE_AFTER_MS).toBeLessThan(5000);
    expect(await acquirer.settle(card('4000000000000119'))).toEqual({ outcome: 'approved' });
  });

  it('blocks 4100000000000019 only', async () => {
    expect(await acquirer.isBlocked(card('4100000000000019'))).toBe(true);
    expect(await acquirer.isBlocked(card('4242424242424242'))).toBe(false);
  });
});
