import { workTable } from './report';
import { workPerUnit, type WorkSample } from './work-counts';

const sample = (
  messages: Record<string, number>,
  databases: Record<string, [number, number, number, number]>,
): WorkSample => ({
  messages: new Map(Object.entries(messages)),
  databases: new Map(
    Object.entries(databases).map(([name, [transactions, inserted, updated, deleted]]) => [
      name,
      { transactions, inserted, updated, deleted },
    ]),
  ),
});

describe('workPerUnit', () => {
  it('divides what changed between the samples by the units done', () => {
    const before = sample(
      { 'payments.requests.v1': 100, 'gateway.replies.v1': 40 },
      {
        payments: [10, 70, 20, 0],
      },
    );
    const after = sample(
      { 'payments.requests.v1': 150, 'gateway.replies.v1': 90 },
      {
        payments: [30, 420, 120, 50],
      },
    );
    expect(workPerUnit(before, after, 50)).toEqual({
      messages: [
        { topic: 'gateway.replies.v1', perUnit: 1 },
        { topic: 'payments.requests.v1', perUnit: 1 },
      ],
      databases: [{ database: 'payments', transactions: 0.4, inserted: 7, updated: 2, deleted: 1 }],
    });
  });

  it('leaves out what did nothing and counts from zero what appeared in between', () => {
    const before = sample({ 'users-recurring.user-events.v1': 7 }, { payouts: [5, 0, 0, 0] });
    const after = sample(
      { 'users-recurring.user-events.v1': 7, 'processing-orchestrator.task-results.v1': 14 },
      { payouts: [5, 0, 0, 0], notifier: [4, 4, 2, 0] },
    );
    expect(workPerUnit(before, after, 2)).toEqual({
      messages: [{ topic: 'processing-orchestrator.task-results.v1', perUnit: 7 }],
      databases: [{ database: 'notifier', transactions: 2, inserted: 2, updated: 1, deleted: 0 }],
    });
  });

  it('answers NaN, not infinity, when no unit was done', () => {
    const empty = sample({}, {});
    const after = sample({ 'gateway.replies.v1': 3 }, {});
    expect(workPerUnit(empty, after, 0).messages[0]?.perUnit).toBeNaN();
  });
});

describe('workTable', () => {
  it('puts a charge and a tree side by side, zero where one did nothing', () => {
    const charge = {
      messages: [{ topic: 'payments.requests.v1', perUnit: 1 }],
      databases: [
        { database: 'payments', transactions: 0.37, inserted: 7.35, updated: 2, deleted: 1 },
      ],
    };
    const tree = {
      messages: [{ topic: 'users-recurring.task-commands.v1', perUnit: 7 }],
      databases: [{ database: 'notifier', transactions: 2.7, inserted: 2, updated: 2, deleted: 0 }],
    };
    expect(workTable(charge, tree)).toEqual([
      '| counted | per charge | per tree, notified |',
      '|---|---|---|',
      '| messages on payments.requests.v1 | 1.00 | 0 |',
      '| messages on users-recurring.task-commands.v1 | 0 | 7.00 |',
      '| **messages, all topics** | 1.00 | 7.00 |',
      '| notifier database: transactions / rows inserted / updated / deleted | 0 / 0 / 0 / 0 | 2.70 / 2.00 / 2.00 / 0.00 |',
      '| payments database: transactions / rows inserted / updated / deleted | 0.37 / 7.35 / 2.00 / 1.00 | 0 / 0 / 0 / 0 |',
    ]);
  });
});
