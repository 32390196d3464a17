import {
  CARD_JSON,
  recordFixture,
  USER_JSON,
} from '../../../test/support/transaction-record.fixture';
import {
  acsChallengeUrl,
  toAuthenticateResponse,
  toChargeResponse,
  toRecurringChargeResponse,
} from './card-responses';

const GATEWAY = 'https://pay.example.com/';
const TIMES = '"createdAt":"2026-01-02T03:04:05.000Z","updatedAt":"2026-01-02T03:04:06.000Z"';

describe('card answers rendered from the payments record', () => {
  it('puts the challenge page under the public gateway address (ADR 0007)', () => {
    expect(acsChallengeUrl(GATEWAY)).toBe('https://pay.example.com/acs/challenge');
  });

  it('renders POST /card/process of a decided charge: no acs, no recurring', () => {
    expect(JSON.stringify(toChargeResponse(recordFixture(), GATEWAY))).toBe(
      '{"success":true,"id":7,"orderId":"order-1","referenceId":null,"price":"10.50","fee":"0.5500",' +
        `"currency":"EUR","type":"payment","status":"completed","reason":null,"card":${CARD_JSON},` +
        `"permanentToken":null,${TIMES},"user":${USER_JSON}}`,
    );
  });

  it('renders a charge waiting for 3-D Secure with the acs object', () => {
    const record = recordFixture({
      status: 'authenticating',
      threeDs: { md: 'the-md', paReq: 'the-pareq', termUrl: 'https://shop.example/back' },
    });
    expect(JSON.stringify(toChargeResponse(record, GATEWAY))).toBe(
      '{"success":true,"id":7,"orderId":"order-1","referenceId":null,"price":"10.50","fee":"0.5500",' +
        `"currency":"EUR","type":"payment","status":"authenticating","reason":null,"card":${CARD_JSON},` +
        '"acs":{"url":"https://pay.example.com/acs/challenge","parameters":{"PaReq":"the-pareq",' +
        '"MD":"the-md","TermUrl":"https://shop.example/back"}},' +
        `"permanentToken":null,${TIMES},"user":${USER_JSON}}`,
    );
  });

  it("returns a processing task's challenge to the gateway's acs-return page (ADR 0031)", () => {
    const record = recordFixture({
      status: 'authenticating',
      threeDs: { md: 'm', paReq: 'p', termUrl: '', returnTo: { globalId: 'g-1', taskId: 't-1' } },
    });
    expect(JSON.stringify(toChargeResponse(record, GATEWAY))).toContain(
      '"acs":{"url":"https://pay.example.com/acs/challenge","parameters":{"PaReq":"p","MD":"m",' +
        '"TermUrl":"https://pay.example.com/processing/acs-return/g-1/t-1"}}',
    );
  });

  it('renders a failed, remembered, subscribed charge', () => {
    const record = recordFixture({
      status: 'failed',
      reason: 'card declined',
      permanentTokenId: 'ptok',
      recurring: { frequency: 30, endsAt: '2027-01-02T03:04:05.000Z' },
    });
    expect(JSON.stringify(toChargeResponse(record, GATEWAY))).toBe(
      '{"success":false,"id":7,"orderId":"order-1","referenceId":null,"price":"10.50","fee":"0.5500",' +
        `"currency":"EUR","type":"payment","status":"failed","reason":"card declined","card":${CARD_JSON},` +
        '"permanentToken":"ptok","recurring":{"frequency":30,"endsAt":"2027-01-02T03:04:05.000Z"},' +
        `${TIMES},"user":${USER_JSON}}`,
    );
  });

  it('renders POST /card/processRecurring without permanentToken', () => {
    const record = recordFixture({ referenceId: 3, permanentTokenId: 'ptok' });
    expect(JSON.stringify(toRecurringChargeResponse(record, GATEWAY))).toBe(
      '{"success":true,"id":7,"orderId":"order-1","referenceId":3,"price":"10.50","fee":"0.5500",' +
        `"currency":"EUR","type":"payment","status":"completed","reason":null,"card":${CARD_JSON},` +
        `${TIMES},"user":${USER_JSON}}`,
    );
  });

  it('renders POST /card/authenticate', () => {
    const record = recordFixture({
      permanentTokenId: 'ptok',
      recurring: { frequency: 30, endsAt: '2027-01-02T03:04:05.000Z' },
    });
    expect(JSON.stringify(toAuthenticateResponse(record))).toBe(
      `{"id":7,"success":true,"status":"completed","card":${CARD_JSON},"permanentToken":"ptok",` +
        '"recurring":{"frequency":30,"endsAt":"2027-01-02T03:04:05.000Z"}}',
    );
    expect(JSON.stringify(toAuthenticateResponse(recordFixture({ status: 'failed' })))).toBe(
      `{"id":7,"success":false,"status":"failed","card":${CARD_JSON},"permanentToken":null}`,
    );
  });
});
