import { readFileSync } from 'node:fs';
import * as path from 'node:path';
import { errorCatalogue } from '@opp/errors';
import {
  MerchantClient,
  PartnerClient,
  signParams,
  signValues,
  signatureValues,
  verifyMerchantCallback,
  verifyPartnerNotification,
} from '@opp/sdk';
import { listen, type ReceivedRequest } from '../src/support/http-receiver';

const GUIDES = path.resolve(__dirname, '../../docs/guides');

/** The fenced block after each `<!-- worked-example:NAME -->` of a guide, by NAME. */
function workedExamples(guide: string): Record<string, string> {
  const text = readFileSync(path.join(GUIDES, guide), 'utf8');
  const blocks: Record<string, string> = {};
  for (const [, name, body] of text.matchAll(
    /<!-- worked-example:([\w-]+) -->\n```\w*\n([\s\S]*?)\n```/g,
  )) {
    blocks[name] = body;
  }
  return blocks;
}

/**
 * The guides' worked examples, recomputed with the SDK's signing code: a guide whose numbers drift
 * from what the SDK (and so the gateway, which shares its rendering) computes fails here.
 */
describe('the merchant guide', () => {
  const text = readFileSync(path.join(GUIDES, 'merchant-guide.md'), 'utf8');
  const doc = workedExamples('merchant-guide.md');

  it('has every worked example block', () => {
    expect(Object.keys(doc).sort()).toEqual([
      'callback-body',
      'callback-joined',
      'request-joined',
      'request-key',
      'request-params',
      'request-signature',
      'request-sorted',
    ]);
  });

  it('signs the worked request as the SDK does, step by step', () => {
    const params = JSON.parse(doc['request-params']) as Record<string, unknown>;
    const key = doc['request-key'];
    const sorted = signatureValues(params).sort();
    expect(doc['request-sorted'].split('\n')).toEqual(sorted);
    expect(doc['request-joined']).toBe(sorted.join('|'));
    expect(doc['request-signature']).toBe(signParams(params, key));

    const { project, ...rest } = params;
    const merchant = new MerchantClient({
      baseUrl: 'http://127.0.0.1:1',
      publicKey: project as string,
      privateKey: key,
    });
    expect(merchant.sign(rest).signature).toBe(doc['request-signature']);
  });

  it('quotes the test vector of ADR 0003 right', () => {
    const vector = /`111`, `value1`, `value2` under the key `222` give\s+`([0-9a-f]{64})`/.exec(
      text,
    );
    expect(vector?.[1]).toBe(signValues(['111', 'value1', 'value2'], '222'));
  });

  it('shows a callback that verifies, with its joined values and signature', () => {
    const key = doc['request-key'];
    const fields = verifyMerchantCallback(doc['callback-body'], [key]);
    const { signature, ...signed } = fields;
    expect(doc['callback-joined']).toBe(signatureValues(signed).sort().join('|'));
    expect(text).toContain(
      `Its HMAC-SHA256 with the private key is the \`signature\` field:\n\`${signature}\``,
    );
    expect(() =>
      verifyMerchantCallback(doc['callback-body'].replace('status=completed', 'status=failed'), [
        key,
      ]),
    ).toThrow();
  });

  it('renders the error catalogue exactly', () => {
    const table = text.split('<!-- error-catalogue -->\n')[1].split('\n\n')[0];
    const rows = table
      .split('\n')
      .slice(2)
      .map((row) => row.split('|').map((cell) => cell.trim()))
      .map(([, code, status, message]) => [code, { status: Number(status), message }]);
    expect(Object.fromEntries(rows)).toEqual(errorCatalogue);
  });
});

describe('the partner guide', () => {
  const doc = workedExamples('partner-guide.md');
  const secret = () => doc['partner-secret'];
  const identifier = () =>
    (JSON.parse(doc['submit-body']) as { payload: { partner: { identifier: string } } }).payload
      .partner.identifier;

  it('shows the signatures the SDK sends for a submission and a status query', async () => {
    const receiver = await listen(() => 200);
    try {
      const partner = new PartnerClient({
        baseUrl: receiver.url(''),
        identifier: identifier(),
        secret: secret(),
        retry: { attempts: 1 },
      });
      await partner.raw.submit(doc['submit-body']);
      await partner.raw.status(doc['status-globalid']);
      const isPost = (r: ReceivedRequest) => r.method === 'POST';
      const submitted = await receiver.next('the submission', isPost);
      expect(submitted.rawBody).toBe(doc['submit-body']);
      expect(submitted.headers['x-opp-signature']).toBe(doc['submit-signature']);
      const status = await receiver.next('the status query', (r) => r.method === 'GET');
      expect(status.url).toBe(`/processing/status/${doc['status-globalid']}`);
      expect(status.headers['x-opp-partner']).toBe(identifier());
      expect(status.headers['x-opp-signature']).toBe(doc['status-signature']);
    } finally {
      await receiver.close();
    }
  });

  it('shows a notification that verifies', () => {
    const signature = doc['notification-signature'].replace(/^X-OPP-Signature: /, '');
    const notification = { method: 'POST' as const, body: doc['notification-body'], signature };
    expect(verifyPartnerNotification(secret(), notification)).toBe(doc['status-globalid']);
    expect(() =>
      verifyPartnerNotification(secret(), { ...notification, body: 'globalId=another' }),
    ).toThrow();
  });
});
