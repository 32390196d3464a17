import axios from 'axios';
import * as qs from 'qs';
import type { Stack } from '@opp/local-stack';
import { startTestStack } from '@opp/testing';

/** The 3-D Secure simulator's pages (ADR 0007) over HTTP; the browser journey is in acs-browser. */
describe('3-D Secure simulator pages', () => {
  let stack: Stack;

  beforeAll(async () => {
    stack = await startTestStack({ suite: 'acs pages', services: ['api-gateway'] });
  });

  afterAll(async () => {
    await stack?.stop();
  });

  const post = (path: string, fields: Record<string, string>) =>
    axios.post(`${stack.gatewayUrl}${path}`, qs.stringify(fields), {
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      validateStatus: () => true,
      responseType: 'text',
      timeout: 15_000,
    });

  const fields = {
    PaReq: 'pareq-"<1>"',
    MD: 'md-<b>1</b>',
    TermUrl: 'http://127.0.0.1:9/return?a=1&b=2',
  };

  it('shows a password form carrying the fields, escaped, without external assets', async () => {
    const response = await post('/acs/challenge', fields);
    expect(response.status).toBe(200);
    expect(response.headers['content-type']).toMatch(/^text\/html/);
    expect(response.headers['content-security-policy']).toMatch(/default-src 'none'/);
    // Issue 37 L5: no other site may frame a hosted page.
    expect(response.headers['content-security-policy']).toContain("frame-ancestors 'none'");
    expect(response.headers['x-frame-options']).toBe('DENY');
    const html = response.data as string;
    expect(html).toMatch(/<form method="post" action="challenge\/submit"/);
    expect(html).toContain('name="password"');
    expect(html).toContain('name="PaReq" value="pareq-&quot;&lt;1&gt;&quot;"');
    expect(html).toContain('name="MD" value="md-&lt;b&gt;1&lt;/b&gt;"');
    expect(html).toContain('name="TermUrl" value="http://127.0.0.1:9/return?a=1&amp;b=2"');
    expect(html).not.toContain('<b>1</b>');
    expect(html).not.toMatch(/<link|src="/);
  });

  it('answers the submit with a self-posting form to TermUrl holding PaRes and MD', async () => {
    for (const password of ['3ds-pass', 'wrong']) {
      const response = await post('/acs/challenge/submit', { ...fields, password });
      expect(response.status).toBe(200);
      const html = response.data as string;
      expect(html).toContain(
        '<form id="acs-return" method="post" action="http://127.0.0.1:9/return?a=1&amp;b=2">',
      );
      expect(html).toMatch(/name="PaRes" value="v1\.[^"]+"/);
      expect(html).toContain('name="MD" value="md-&lt;b&gt;1&lt;/b&gt;"');
      expect(html).toMatch(
        /<script nonce="[^"]+">document\.getElementById\('acs-return'\)\.submit\(\);/,
      );
      expect(html).toMatch(/<noscript>[\s\S]*<button type="submit">/);
      expect(response.headers['content-security-policy']).toContain(
        'form-action http://127.0.0.1:9',
      );
    }
  });

  it('encrypts every PaRes afresh (a new IV each time)', async () => {
    const paResOf = async (password: string) =>
      /name="PaRes" value="([^"]+)"/.exec(
        (await post('/acs/challenge/submit', { ...fields, password })).data as string,
      )?.[1];
    expect(await paResOf('3ds-pass')).not.toEqual(await paResOf('3ds-pass'));
  });

  it('refuses missing or unsafe fields in the error envelope', async () => {
    const noMd = await post('/acs/challenge', { ...fields, MD: '' });
    expect([noMd.status, JSON.parse(noMd.data as string).error.code]).toEqual([400, 40014]);
    for (const TermUrl of ['javascript:alert(1)', 'data:text/html,x', '/relative', '']) {
      const bad = await post('/acs/challenge/submit', { ...fields, TermUrl, password: 'x' });
      expect([bad.status, JSON.parse(bad.data as string).error.code]).toEqual([400, 40017]);
    }
    const noPaReq = await post('/acs/challenge', { ...fields, PaReq: '' });
    expect(noPaReq.status).toBe(400);
  });
});
