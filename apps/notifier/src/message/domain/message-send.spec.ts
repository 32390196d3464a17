import { messageRequest, parseMessageSend } from './message-send';

const task = { globalId: 'g-1', taskId: 't-1' };

describe('message.send payload', () => {
  it('accepts a webhook and an email message', () => {
    expect(
      parseMessageSend({ channel: 'webhook', to: 'https://partner.example/hook', text: 'hi' }),
    ).toEqual({
      ok: true,
      value: { channel: 'webhook', to: 'https://partner.example/hook', subject: null, text: 'hi' },
    });
    expect(
      parseMessageSend({ channel: 'email', to: 'a@example.com', subject: 'Paid', text: 'ok' }),
    ).toMatchObject({ ok: true, value: { channel: 'email', subject: 'Paid' } });
  });

  it('shows card data the gateway sealed in the text as its mask (ADR 0064)', () => {
    const fragment = '[card:424242******4242:s1.k1.AAAA.BBBB.CCCC.DDDD]';
    expect(
      parseMessageSend({
        channel: 'email',
        to: 'a@example.com',
        subject: `Card ${fragment}`,
        text: `Paid with ${fragment}.`,
      }),
    ).toMatchObject({
      ok: true,
      value: { subject: 'Card 424242******4242', text: 'Paid with 424242******4242.' },
    });
  });

  it.each([
    [{ channel: 'sms', to: 'x', text: 't' }, /channel/],
    [{ channel: 'webhook', text: 't' }, /to is required/],
    [{ channel: 'webhook', to: 'ftp://x', text: 't' }, /http\(s\) URL/],
    [{ channel: 'email', to: 'not-an-address', text: 't' }, /e-mail address/],
    [{ channel: 'email', to: 'a@b.com\r\nBcc: c@d.com', text: 't' }, /e-mail address/],
    [{ channel: 'email', to: 'a@b.com', subject: 'x\r\nBcc: y', text: 't' }, /one line/],
    [{ channel: 'email', to: 'a@b.com' }, /text is required/],
    [{ channel: 'email', to: 'a@b.com', text: 't', extra: 1 }, /unknown field/],
    [{ channel: 'email', to: 'a@b.com', text: 't', subject: 5 }, /subject must be a string/],
  ])('refuses %j', (payload, reason) => {
    const parsed = parseMessageSend(payload);
    expect(parsed.ok).toBe(false);
    if (!parsed.ok) expect(parsed.reason).toMatch(reason);
  });

  it('posts the webhook as JSON { globalId, taskId, subject, text }', () => {
    const request = messageRequest(
      { channel: 'webhook', to: 'https://p.example/h', subject: 'S', text: 'T' },
      task,
    );
    expect(request).toEqual({
      channel: 'http',
      method: 'POST',
      url: 'https://p.example/h',
      headers: { 'content-type': 'application/json' },
      body: '{"globalId":"g-1","taskId":"t-1","subject":"S","text":"T"}',
    });
  });

  it('mails subject and text to the address', () => {
    expect(
      messageRequest({ channel: 'email', to: 'a@b.com', subject: null, text: 'T' }, task),
    ).toEqual({ channel: 'email', to: 'a@b.com', subject: '', text: 'T' });
  });
});
