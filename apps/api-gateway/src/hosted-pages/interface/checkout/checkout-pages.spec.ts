import type { CheckoutViewV1 } from '@opp/contracts';
import { renderCheckoutPage } from './checkout-pages';

const view: CheckoutViewV1 = {
  id: 7,
  price: '12.50',
  currency: 'EUR',
  method: 'qr_payment',
  description: '<b>Order</b> "7"',
  status: 'opened',
  successUrl: 'https://shop.test/ok',
  failUrl: 'https://shop.test/ko',
  returnUrl: null,
};

describe('checkout page (ADR 0008)', () => {
  it('shows amount, currency and method with confirm and cancel buttons', () => {
    const html = renderCheckoutPage(view, 'n1', 'v1.h1.tok');
    expect(html).toContain('<dd id="amount">12.50</dd>');
    expect(html).toContain('<dd id="currency">EUR</dd>');
    expect(html).toContain('data-method="qr_payment">QR payment</dd>');
    expect(html).toContain('<form method="post"');
    expect(html).toContain('name="action" value="confirm"');
    expect(html).toContain('name="action" value="cancel"');
    expect(html).toContain('&lt;b&gt;Order&lt;/b&gt; &quot;7&quot;');
    expect(html).toContain('nonce="n1"');
    expect(html).toContain('<input type="hidden" name="token" value="v1.h1.tok">');
  });

  it('shows a decided transaction without buttons, with the way back', () => {
    const html = renderCheckoutPage(
      { ...view, status: 'completed', returnUrl: 'https://shop.test/ok?a=1&b=2' },
      'n2',
      'v1.h1.tok',
    );
    expect(html).toContain('This payment is completed');
    expect(html).not.toContain('name="action"');
    expect(html).toContain('href="https://shop.test/ok?a=1&amp;b=2"');
  });
});
