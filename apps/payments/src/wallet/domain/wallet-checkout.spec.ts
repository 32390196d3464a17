import { checkoutStep, needsPhone, returnUrlOf } from './wallet-checkout';

describe('wallet checkout (ADR 0008)', () => {
  it('moves an opened transaction: confirm completes, cancel cancels', () => {
    expect(checkoutStep('opened', 'confirm')).toEqual({ to: 'completed' });
    expect(checkoutStep('opened', 'cancel')).toEqual({ to: 'cancelled' });
  });

  it.each(['completed', 'cancelled', 'failed'] as const)(
    'leaves a %s transaction as it is, whatever the answer',
    (status) => {
      expect(checkoutStep(status, 'confirm')).toBeNull();
      expect(checkoutStep(status, 'cancel')).toBeNull();
    },
  );

  it('asks a phone of the mobile wallet only', () => {
    expect(needsPhone('mobile_wallet')).toBe(true);
    expect(needsPhone('e_wallet')).toBe(false);
    expect(needsPhone('qr_payment')).toBe(false);
  });

  it('sends the user to success_url once paid, to fail_url once not, nowhere before', () => {
    const urls = { successUrl: 'https://shop.test/ok', failUrl: 'https://shop.test/ko' };
    expect(returnUrlOf('completed', urls)).toBe(urls.successUrl);
    expect(returnUrlOf('cancelled', urls)).toBe(urls.failUrl);
    expect(returnUrlOf('opened', urls)).toBeNull();
  });
});
