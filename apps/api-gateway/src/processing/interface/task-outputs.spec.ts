import type { ProcessingAnswerV2, TaskTransactionV2, ThreeDsChallengeV1 } from '@opp/contracts';
import {
  CARD_JSON,
  recordFixture,
  USER_JSON,
} from '../../../test/support/transaction-record.fixture';
import { jsonbOrdered, renderProcessingAnswer, renderTaskTransaction } from './task-outputs';

const GATEWAY = 'https://gw.example/';
const CHALLENGE_URL = 'https://gw.example/acs/challenge';
const TIMES = '"createdAt":"2026-01-02T03:04:05.000Z","updatedAt":"2026-01-02T03:04:06.000Z"';
const THREE_DS = { md: 'the-md', paReq: 'the-pareq', termUrl: 'https://gw.example/back' };

const charge = (status: string, threeDs: ThreeDsChallengeV1 | null = null): TaskTransactionV2 => ({
  operation: 'charge',
  record: recordFixture({ status, threeDs }),
});

/** A request with a card.payment root (t0, with a child t1) and a finished `wait` root (t2). */
function answer(
  resultOfT0: Record<string, unknown>,
  extra: Partial<ProcessingAnswerV2> = {},
  t0: Record<string, unknown> = {},
): ProcessingAnswerV2 {
  return {
    response: {
      header: { response: { globalId: 'g' } },
      result: { status: 'WAITING', code: 3, comment: 'An interaction is required' },
      payload: {
        partner: { identifier: 'p' },
        tasks: [
          {
            id: 't0',
            type: 'card.payment',
            payload: { price: '10.50' },
            result: resultOfT0,
            ...t0,
            success: [{ id: 't1', type: 'wait', payload: {}, result: { status: 'PENDING' } }],
          },
          {
            id: 't2',
            type: 'wait',
            payload: { seconds: 1 },
            result: { status: 'SUCCESS' },
            data: { seconds: 1 },
          },
        ],
      },
    },
    tasks: [],
    challenge: null,
    ...extra,
  };
}

/** The jsonb key order partners have always read task outputs in: shorter keys first. */
const CARD_SORTED =
  '{"mask":"************4242","type":"visa","scheme":"visa","lastFour":"4242",' +
  '"expirationYear":2030,"expirationMonth":12}';
const ACS_SORTED = `{"url":"${CHALLENGE_URL}","parameters":{"MD":"the-md","PaReq":"the-pareq","TermUrl":"https://gw.example/back"}}`;
const CHARGE_DATA = (status: string, acs = '', error = '') =>
  `{"id":7,${acs ? `"acs":${acs},` : ''}"fee":"0.5500","card":${CARD_SORTED},"type":"payment",` +
  `"user":${USER_JSON},${error}"price":"10.50","reason":null,"status":"${status}",` +
  '"orderId":"order-1","success":true,"currency":"EUR","createdAt":"2026-01-02T03:04:05.000Z",' +
  '"updatedAt":"2026-01-02T03:04:06.000Z","referenceId":null,"permanentToken":null}';
const T1 = '"success":[{"id":"t1","type":"wait","payload":{},"result":{"status":"PENDING"}}]';
const T2 =
  '{"id":"t2","type":"wait","payload":{"seconds":1},"result":{"status":"SUCCESS"},"data":{"seconds":1}}';

describe('processing task outputs rendered by the gateway (ADR 0031)', () => {
  it('renders a charge waiting for 3-D Secure: data with acs and the redirect, on the gateway URL', () => {
    const rendered = renderProcessingAnswer(
      answer(
        { status: 'WAITING' },
        {
          tasks: [{ taskId: 't0', transactions: [charge('authenticating', THREE_DS)] }],
          challenge: THREE_DS,
        },
      ),
      GATEWAY,
    );
    expect(JSON.stringify(rendered)).toBe(
      '{"header":{"response":{"globalId":"g"}},"result":{"status":"WAITING","code":3,' +
        `"comment":"An interaction is required","interactive":{"uri":"${CHALLENGE_URL}",` +
        '"type":"REDIRECT","method":"POST","parameters":{"MD":"the-md","PaReq":"the-pareq",' +
        '"TermUrl":"https://gw.example/back"}}},' +
        '"payload":{"partner":{"identifier":"p"},"tasks":[{"id":"t0","type":"card.payment",' +
        '"payload":{"price":"10.50"},"result":{"status":"WAITING"},' +
        `"data":${CHARGE_DATA('authenticating', ACS_SORTED)},${T1}},${T2}]}}`,
    );
  });

  it("builds a task's TermUrl from the gateway's address: the bytes the orchestrator's URL gave", () => {
    const render = (threeDs: ThreeDsChallengeV1) =>
      JSON.stringify(
        renderProcessingAnswer(
          answer(
            { status: 'WAITING' },
            {
              tasks: [{ taskId: 't0', transactions: [charge('authenticating', threeDs)] }],
              challenge: threeDs,
            },
          ),
          GATEWAY,
        ),
      );
    const termUrl = 'https://gw.example/processing/acs-return/g/t0';
    const returnsToTask = {
      md: 'the-md',
      paReq: 'the-pareq',
      termUrl: '',
      returnTo: { globalId: 'g', taskId: 't0' },
    };
    // Before ADR 0031's amendment the orchestrator put the URL in and payments kept it.
    const storedBefore = { md: 'the-md', paReq: 'the-pareq', termUrl };
    expect(render(returnsToTask)).toBe(render(storedBefore));
    expect(render(returnsToTask).split(`"TermUrl":"${termUrl}"`)).toHaveLength(3);
  });

  it('merges the answers of a task in order: a charge finished after 3-D Secure keeps its acs', () => {
    const rendered = renderProcessingAnswer(
      answer(
        { status: 'SUCCESS' },
        {
          tasks: [
            {
              taskId: 't0',
              transactions: [charge('authenticating', THREE_DS), charge('completed')],
            },
          ],
        },
      ),
      GATEWAY,
    );
    const tasks = (rendered.payload as { tasks: unknown[] }).tasks;
    expect(JSON.stringify(tasks[0])).toBe(
      '{"id":"t0","type":"card.payment","payload":{"price":"10.50"},"result":{"status":"SUCCESS"},' +
        `"data":${CHARGE_DATA('completed', ACS_SORTED)},${T1}}`,
    );
    expect(JSON.stringify(rendered.result)).not.toContain('interactive');
  });

  it("merges the task's own data (a refusal) over its transactions, in place of the old data", () => {
    const rendered = renderProcessingAnswer(
      answer(
        { status: 'FAIL', reason: 'no' },
        { tasks: [{ taskId: 't0', transactions: [charge('authenticating', THREE_DS)] }] },
        { data: { error: { code: 40401, message: 'no' } } },
      ),
      GATEWAY,
    );
    const tasks = (rendered.payload as { tasks: unknown[] }).tasks;
    expect(JSON.stringify(tasks[0])).toBe(
      '{"id":"t0","type":"card.payment","payload":{"price":"10.50"},' +
        '"result":{"status":"FAIL","reason":"no"},' +
        `"data":${CHARGE_DATA('authenticating', ACS_SORTED, '"error":{"code":40401,"message":"no"},')},${T1}}`,
    );
  });

  it('renders tasks deeper in the tree and leaves the rest as the orchestrator answered', () => {
    const plain = answer({ status: 'SUCCESS' });
    expect(renderProcessingAnswer(plain, GATEWAY)).toEqual(plain.response);
    const deep = renderProcessingAnswer(
      answer(
        { status: 'SUCCESS' },
        { tasks: [{ taskId: 't1', transactions: [charge('completed')] }] },
      ),
      GATEWAY,
    );
    const [t0] = (deep.payload as { tasks: { success: unknown[] }[] }).tasks;
    expect(JSON.stringify(t0.success[0])).toBe(
      '{"id":"t1","type":"wait","payload":{},"result":{"status":"PENDING"},' +
        `"data":${CHARGE_DATA('completed')}}`,
    );
  });

  it('orders keys as jsonb does: shorter first, then bytewise, nested objects too, arrays kept', () => {
    expect(
      JSON.stringify(jsonbOrdered({ type: 1, id: 2, acs: { b: 1, a: [{ zz: 1, y: 2 }] }, Zed: 3 })),
    ).toBe('{"id":2,"Zed":3,"acs":{"a":[{"y":2,"zz":1}],"b":1},"type":1}');
  });

  it('renders each operation with the renderer of its merchant answer', () => {
    const record = recordFixture({ permanentTokenId: 'ptok' });
    const render = (operation: TaskTransactionV2['operation']) =>
      JSON.stringify(renderTaskTransaction({ operation, record }, GATEWAY));
    expect(render('authenticate')).toBe(
      `{"id":7,"success":true,"status":"completed","card":${CARD_JSON},"permanentToken":"ptok"}`,
    );
    expect(render('status')).toBe(
      '{"id":7,"order_id":"order-1","price":"10.50","fee":"0.5500","currency":"EUR",' +
        '"type":"payment","status":"completed","original_status":"completed",' +
        '"created_at":"2026-01-02T03:04:05.000Z","updated_at":"2026-01-02T03:04:06.000Z"}',
    );
    expect(render('reversal')).toBe(
      '{"success":true,"id":7,"orderId":"order-1","referenceId":null,"price":"10.50",' +
        `"currency":"EUR","type":"payment","status":"completed","fee":"0.5500","card":${CARD_JSON},` +
        `"user":${USER_JSON},${TIMES}}`,
    );
  });
});
