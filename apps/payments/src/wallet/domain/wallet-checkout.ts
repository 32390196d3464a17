import type { CheckoutAction, WalletMethod } from '@opp/contracts';
import type { TransactionStatus } from '../../charge/domain/transaction';

/** ADR 0008: the mobile wallet is reached through the user's phone; the other methods need none. */
export const needsPhone = (method: WalletMethod): boolean => method === 'mobile_wallet';

/** ADR 0008: the reason a cancelled checkout is reported with (callback status `failed`). */
export const CANCELLED_REASON = 'cancelled';

/**
 * What the user's answer on the checkout page does. Only an `opened` transaction moves (confirm:
 * completed, cancel: cancelled); once decided, a repeated or late answer changes nothing and the
 * user is sent where the decision points (a double click, or a second tab, never pays twice).
 */
export function checkoutStep(
  status: TransactionStatus,
  action: CheckoutAction,
): { to: 'completed' | 'cancelled' } | null {
  if (status !== 'opened') return null;
  return { to: action === 'confirm' ? 'completed' : 'cancelled' };
}

/** Where the user goes after the checkout: success_url once paid, fail_url once not; none yet. */
export function returnUrlOf(
  status: TransactionStatus,
  urls: { successUrl: string; failUrl: string },
): string | null {
  if (status === 'opened') return null;
  return status === 'completed' ? urls.successUrl : urls.failUrl;
}
