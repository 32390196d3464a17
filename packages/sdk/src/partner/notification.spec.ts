import { createHmac } from 'node:crypto';
import { OppSignatureError } from '../errors';
import { verifyPartnerNotification } from './notification';
import { PartnerClient } from './partner-client';

const SECRET = 'partner-secret';
const hmac = (data: string) => createHmac('sha256', SECRET).update(data).digest('hex');
const GLOBAL_ID = '6f1c2a9e-3b1d-4c55-9a7e-2f0c8d1e4b3a';

describe('partner notification verification', () => {
  const partner = new PartnerClient({
    baseUrl: 'http://127.0.0.1:1',
    identifier: 'p',
    secret: SECRET,
  });
  const body = `globalId=${GLOBAL_ID}`;

  it('accepts a POST whose body is signed, and returns the globalId', () => {
    const signature = hmac(body);
    expect(partner.verifyNotification({ method: 'POST', body, signature })).toBe(GLOBAL_ID);
    expect(partner.verifyNotification({ method: 'POST', body: Buffer.from(body), signature })).toBe(
      GLOBAL_ID,
    );
  });

  it('accepts a GET by its query string or whole URL, beside the target own parameters', () => {
    const signature = hmac(body);
    for (const query of [body, `?${body}`, `https://partner.example/hook?shop=1&${body}#top`]) {
      expect(partner.verifyNotification({ method: 'GET', query, signature })).toBe(GLOBAL_ID);
    }
  });

  it('refuses another secret, another globalId, a changed body, or a bad header', () => {
    const good = hmac(body);
    const other = createHmac('sha256', 'other').update(body).digest('hex');
    const cases = [
      { method: 'POST' as const, body, signature: other },
      { method: 'POST' as const, body: `globalId=${GLOBAL_ID}x`, signature: good },
      { method: 'POST' as const, body: `${body}&more=1`, signature: good },
      { method: 'GET' as const, query: 'globalId=another', signature: good },
      { method: 'POST' as const, body, signature: undefined },
      { method: 'POST' as const, body, signature: [good, good] },
      { method: 'POST' as const, body, signature: good.toUpperCase() },
    ];
    for (const notification of cases) {
      expect(() => verifyPartnerNotification(SECRET, notification)).toThrow(OppSignatureError);
    }
  });

  it('refuses a notification without exactly one globalId', () => {
    for (const form of ['', 'globalId=', `${body}&${body}`]) {
      expect(() =>
        partner.verifyNotification({ method: 'POST', body: form, signature: hmac(form) }),
      ).toThrow(/globalId/);
    }
  });
});
