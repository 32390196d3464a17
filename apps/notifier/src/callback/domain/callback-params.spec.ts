import { createHmac } from 'node:crypto';
import type { TransactionStatusChangedV1 } from '@opp/contracts';
import { signValues, verifyParams } from '@opp/signature';
import { callbackParams, callbackRequest, signedCallback } from './callback-params';

const event = (
  overrides: Partial<TransactionStatusChangedV1> = {},
): TransactionStatusChangedV1 => ({
  transactionId: 1234567,
  projectId: 42,
  userId: '9001',
  orderId: 'order-7',
  referenceId: null,
  type: 'payment',
  status: 'completed',
  callbackStatus: 'completed',
  reason: null,
  amount: '100.00',
  price: '10.0000',
  deposit: '10.0000',
  earned: '9.5000',
  vatRate: '0.0000',
  vatAmount: '0.0000',
  currency: 'EUR',
  sandbox: true,
  attributes: { color: 'blue', attr_size: 'XL' },
  changedAt: '2025-01-01T00:00:00.000Z',
  ...overrides,
});

describe('merchant callback parameters', () => {
  it('carries every parameter of the spec, empty when absent, and the attributes', () => {
    expect(callbackParams(event(), 'completed')).toEqual({
      project: '42',
      user: '9001',
      id: '1234567',
      reference_id: '',
      order_id: 'order-7',
      amount: '100.00',
      price: '10.0000',
      deposit: '10.0000',
      earned: '9.5000',
      vat_rate: '0.0000',
      vat_amount: '0.0000',
      currency: 'EUR',
      type: 'transaction',
      status: 'completed',
      reason: '',
      sandbox: '1',
      attr_color: 'blue',
      attr_size: 'XL',
    });
  });

  it('renders a refund with its reference, a reason and a live project', () => {
    const params = callbackParams(
      event({ referenceId: 77, reason: 'card declined', orderId: undefined, sandbox: false }),
      'refund_completed',
    );
    expect(params).toMatchObject({
      reference_id: '77',
      reason: 'card declined',
      order_id: '',
      sandbox: '0',
      status: 'refund_completed',
    });
  });

  it('never lets an attribute overwrite a spec parameter', () => {
    const params = callbackParams(event({ attributes: { attr_: 'x' } }), 'completed');
    expect(params.attr_).toBe('x');
    expect(params.status).toBe('completed');
  });

  it('signs per D3: sorted values joined by | under HMAC-SHA256 of the private key', () => {
    const params = callbackParams(event(), 'completed');
    const signed = signedCallback(params, 'private-key-1');
    const joined = Object.values(params).sort().join('|');
    expect(signed.signature).toBe(
      createHmac('sha256', 'private-key-1').update(joined).digest('hex'),
    );
    expect(signed.signature).toMatch(/^[0-9a-f]{64}$/);
    expect(verifyParams(signed, signed.signature, ['private-key-1'])).toBe(true);
    expect(verifyParams(signed, signed.signature, ['another-key'])).toBe(false);
  });

  it('carries a signed timestamp when given one (D18), and none otherwise', () => {
    expect(callbackParams(event(), 'completed')).not.toHaveProperty('timestamp');
    const params = callbackParams(event(), 'completed', 1767225600);
    expect(params.timestamp).toBe('1767225600');
    const signed = signedCallback(params, 'private-key-1');
    expect(verifyParams(signed, signed.signature, ['private-key-1'])).toBe(true);
    const { timestamp: _stripped, ...withoutTimestamp } = signed;
    expect(verifyParams(withoutTimestamp, signed.signature, ['private-key-1'])).toBe(false);
  });

  it('matches the D3 test vector', () => {
    expect(signValues(['111', 'value1', 'value2'], '222')).toBe(
      '54d72211dc40f096b27f5bc3895d2a62a0ff7a21bdbc0fe7c62f5d2dfb1a0b6a',
    );
    const signed = signedCallback({ a: 'value2', b: '111', c: 'value1' }, '222');
    expect(signed.signature).toBe(
      '54d72211dc40f096b27f5bc3895d2a62a0ff7a21bdbc0fe7c62f5d2dfb1a0b6a',
    );
  });

  it('covers empty values as empty strings', () => {
    const signed = signedCallback({ a: '', b: 'x' }, 'k');
    expect(signed.signature).toBe(createHmac('sha256', 'k').update('|x').digest('hex'));
  });

  it('is a form POST whose body decodes to the signed parameters', () => {
    const signed = signedCallback(callbackParams(event(), 'completed'), 'k');
    const request = callbackRequest('https://shop.example/cb', signed);
    expect(request).toMatchObject({
      channel: 'http',
      method: 'POST',
      url: 'https://shop.example/cb',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(Object.fromEntries(new URLSearchParams(request.body ?? ''))).toEqual(signed);
  });
});
