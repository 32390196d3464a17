import type { CheckoutViewV1, WalletMethod } from '@opp/contracts';
import { formatPrice } from '@opp/money';
import type { Transaction } from '../../charge/domain/transaction';
import { returnUrlOf } from '../domain/wallet-checkout';

export function checkoutViewOf(t: Transaction): CheckoutViewV1 {
  if (t.checkout === null) throw new Error(`transaction ${t.id} is no wallet transaction`);
  return {
    id: t.id,
    price: formatPrice(t.priceMinor, t.currency),
    currency: t.currency,
    method: t.method as WalletMethod,
    description: t.description,
    status: t.status,
    successUrl: t.checkout.successUrl,
    failUrl: t.checkout.failUrl,
    returnUrl: returnUrlOf(t.status, t.checkout),
  };
}
