import type { CheckoutViewV1, WalletMethod } from '@opp/contracts';
import { escapeHtml } from '../acs/html';
import { hostedPage } from '../page-layout';

/** How the page names each wallet-type method (ADR 0008 keys). */
const METHOD_LABELS: Record<WalletMethod, string> = {
  e_wallet: 'E-wallet',
  mobile_wallet: 'Mobile wallet',
  online_banking: 'Online banking',
  bank_transfer: 'Bank transfer',
  prepaid_voucher: 'Prepaid voucher',
  qr_payment: 'QR payment',
  crypto_wallet: 'Crypto wallet',
};

function summary(view: CheckoutViewV1): string {
  return `<dl>
<dt>Amount</dt><dd id="amount">${escapeHtml(view.price)}</dd>
<dt>Currency</dt><dd id="currency">${escapeHtml(view.currency)}</dd>
<dt>Method</dt><dd id="method" data-method="${escapeHtml(view.method)}">${escapeHtml(
    METHOD_LABELS[view.method],
  )}</dd>
</dl>
<p>${escapeHtml(view.description)}</p>`;
}

/**
 * ADR 0008: amount, currency and method, and two buttons posting `action=confirm` or
 * `action=cancel` to this same address, with the page's `token` (ADR 0061) that binds the answer
 * to this transaction. A transaction already decided shows its outcome and a link back to the
 * shop instead.
 */
export function renderCheckoutPage(view: CheckoutViewV1, nonce: string, token: string): string {
  if (view.status !== 'opened') {
    const back = view.returnUrl
      ? `<p><a href="${escapeHtml(view.returnUrl)}">Back to the shop</a></p>`
      : '';
    return hostedPage(
      'Payment',
      nonce,
      `<h1>This payment is ${escapeHtml(view.status)}</h1>\n${summary(view)}\n${back}`,
    );
  }
  return hostedPage(
    'Confirm your payment',
    nonce,
    `<span class="badge">Sandbox</span>
<h1>Confirm your payment</h1>
${summary(view)}
<form method="post" autocomplete="off">
<input type="hidden" name="token" value="${escapeHtml(token)}">
<button type="submit" name="action" value="confirm">Confirm</button>
<button type="submit" name="action" value="cancel" class="secondary">Cancel</button>
</form>`,
  );
}
