import type { CheckoutViewV1, WalletMethod, WalletTransactionResultV1 } from '@opp/contracts';
import { priceText } from '../../charge/application/transaction-views';
import type { Transaction } from '../../charge/domain/transaction';
import { returnUrlOf } from '../domain/wallet-checkout';

export function walletResultOf(t: Transaction): WalletTransactionResultV1 {
  return { id: t.id, price: priceText(t), currency: t.currency, status: t.status };
}

export function checkoutViewOf(t: Transaction): CheckoutViewV1 {
  if (t.checkout === null) throw new Error(`transaction ${t.id} is no wallet transaction`);
  return {
    id: t.id,
    price: priceText(t),
    currency: t.currency,
    method: t.method as WalletMethod,
    description: t.description,
    status: t.status,
    successUrl: t.checkout.successUrl,
    failUrl: t.checkout.failUrl,
    returnUrl: returnUrlOf(t.status, t.checkout),
  };
}
