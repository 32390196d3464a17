import {
  readTransactionId,
  readTransactionList,
  readTransactionLookup,
} from './transaction-query.request';
import { apiErrorCodeOf } from '../../../test/support/api-error-code';

describe('readTransactionId', () => {
  it('reads positive integers below 2^53', () => {
    expect(readTransactionId('1')).toBe(1);
    expect(readTransactionId(' 9007199254740991 ')).toBe(9007199254740991);
  });

  it.each(['0', '-1', 'abc', '1.5', '9007199254740992', '1e3', ''])('answers %j with 40403', (id) =>
    expect(apiErrorCodeOf(() => readTransactionId(id))).toBe(40403),
  );
});

describe('readTransactionLookup', () => {
  it('takes id, order_id or both', () => {
    expect(readTransactionLookup(3, { id: '12' })).toEqual({ projectId: 3, id: 12 });
    expect(readTransactionLookup(3, { order_id: 'o-1' })).toEqual({ projectId: 3, orderId: 'o-1' });
    expect(readTransactionLookup(3, { id: '12', order_id: 'o-1' })).toEqual({
      projectId: 3,
      id: 12,
      orderId: 'o-1',
    });
  });

  it('needs one of them', () => {
    expect(apiErrorCodeOf(() => readTransactionLookup(3, {}))).toBe(40017);
    expect(apiErrorCodeOf(() => readTransactionLookup(3, { id: '', order_id: '' }))).toBe(40017);
    expect(apiErrorCodeOf(() => readTransactionLookup(3, { order_id: 'o'.repeat(65) }))).toBe(
      40017,
    );
  });
});

describe('readTransactionList', () => {
  it('applies the contract page defaults', () => {
    expect(readTransactionList(3, { orderId: 'o-1' })).toEqual({
      projectId: 3,
      orderId: 'o-1',
      page: 1,
      limit: 20,
    });
  });

  it('reads every filter, dates as UTC instants', () => {
    expect(
      readTransactionList(3, {
        orderId: 'o-1',
        status: 'completed',
        type: 'payment',
        created: { from: '2026-05-01', to: '2026-05-31' },
        updated: { from: '2026-05-01T12:00:00+02:00', to: '2026-05-02T10:00:00.5Z' },
        page: '2',
        limit: '100',
      }),
    ).toEqual({
      projectId: 3,
      orderId: 'o-1',
      status: 'completed',
      type: 'payment',
      createdFrom: '2026-05-01T00:00:00.000Z',
      createdTo: '2026-05-31T23:59:59.999Z',
      updatedFrom: '2026-05-01T10:00:00.000Z',
      updatedTo: '2026-05-02T10:00:00.500Z',
      page: 2,
      limit: 100,
    });
  });

  it('accepts a zone without colon', () => {
    expect(
      readTransactionList(3, { orderId: 'o', created: { from: '2026-05-01T12:00:00+0200' } }),
    ).toMatchObject({ createdFrom: '2026-05-01T10:00:00.000Z' });
  });

  it.each<[string, Record<string, unknown>]>([
    ['no orderId', {}],
    ['an unknown status', { orderId: 'o', status: 'done' }],
    ['an unknown type', { orderId: 'o', type: 'gift' }],
    ['page 0', { orderId: 'o', page: '0' }],
    ['a text page', { orderId: 'o', page: 'two' }],
    ['limit above the maximum', { orderId: 'o', limit: '101' }],
    ['limit 0', { orderId: 'o', limit: '0' }],
    ['created as text', { orderId: 'o', created: '2026-05-01' }],
    ['a date that does not exist', { orderId: 'o', created: { from: '2026-02-30' } }],
    ['a date-time without zone', { orderId: 'o', created: { from: '2026-05-01T10:00:00' } }],
    ['a time out of range', { orderId: 'o', updated: { to: '2026-05-01T24:00:00Z' } }],
    ['a day-first date', { orderId: 'o', updated: { to: '01.05.2026' } }],
    ['a timestamp', { orderId: 'o', updated: { from: '1714521600' } }],
  ])('refuses %s with 40017', (_what, params) => {
    expect(apiErrorCodeOf(() => readTransactionList(3, params))).toBe(40017);
  });
});
