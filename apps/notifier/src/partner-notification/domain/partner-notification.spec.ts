import { createHmac } from 'node:crypto';
import { verifyPartnerSignature } from '@opp/signature';
import { partnerNotificationRequest } from './partner-notification';

const GLOBAL_ID = '3f1c2b8e-5a4d-4e1f-9c7b-2d6e8f0a1b3c';
const SECRET = 'partner-secret';
const expected = createHmac('sha256', SECRET).update(`globalId=${GLOBAL_ID}`).digest('hex');

describe('partner notification (D4)', () => {
  it('GET calls the uri with the globalId query and signs exactly that query string', () => {
    const request = partnerNotificationRequest(
      { type: 'URL', uri: 'https://partner.example/notify', method: 'GET' },
      GLOBAL_ID,
      SECRET,
    );
    expect(request).toEqual({
      channel: 'http',
      method: 'GET',
      url: `https://partner.example/notify?globalId=${GLOBAL_ID}`,
      headers: { 'X-OPP-Signature': expected },
      body: null,
    });
    const query = new URL(request.url).search.slice(1);
    expect(verifyPartnerSignature(SECRET, query, request.headers['X-OPP-Signature'])).toBe(true);
  });

  it('GET keeps a query the uri already has', () => {
    const request = partnerNotificationRequest(
      { type: 'URL', uri: 'https://partner.example/notify?src=opp', method: 'GET' },
      GLOBAL_ID,
      SECRET,
    );
    expect(request.url).toBe(`https://partner.example/notify?src=opp&globalId=${GLOBAL_ID}`);
  });

  it('POST sends exactly globalId=<id> as a form body, signed', () => {
    const request = partnerNotificationRequest(
      { type: 'URL', uri: 'https://partner.example/notify', method: 'POST' },
      GLOBAL_ID,
      SECRET,
    );
    expect(request).toEqual({
      channel: 'http',
      method: 'POST',
      url: 'https://partner.example/notify',
      headers: {
        'content-type': 'application/x-www-form-urlencoded',
        'X-OPP-Signature': expected,
      },
      body: `globalId=${GLOBAL_ID}`,
    });
    expect(verifyPartnerSignature('other', request.body ?? '', expected)).toBe(false);
  });
});
