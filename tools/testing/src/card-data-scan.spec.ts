import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { findCardDataInLogs, findCardDataInText } from './card-data-scan';

const kinds = (text: string) => findCardDataInText(text).map((hit) => hit.kind);

describe('findCardDataInText', () => {
  it.each([
    ['JSON', '{"card":{"number":"4242424242424242"}}'],
    ['a form', 'card[number]=5555555555554444&x=1'],
    ['a sentence, grouped', 'paid with 4000 0000 0000 3220 today'],
    ['a payout account', '{"account":"4000000000000002"}'],
    ['a 19-digit number', 'pan 6011000000000000001 end'],
    [
      'a header next to a trace id',
      '00-10caf08dac2fcad20eef40e1c2d3e5d0-0af7651916cd43dd-01 4242424242424242',
    ],
  ])('finds a Luhn-valid card number in %s', (_label, text) => {
    expect(kinds(text)).toEqual(['card number']);
  });

  it.each([
    ['a Luhn-invalid number', '4242424242424241'],
    ['a millisecond timestamp', 'CreateCardVault1763700000310 at 1763700000318'],
    ['a masked number', '424242******4242'],
    ['a number inside a longer one', '142424242424242420'],
    ['a sealed box', 's1.dev.AAAA4242424242424242x'],
    ['a uuid', '6f1c2b1e-8d0e-4f7c-9a55-0c6f3d1f9a10'],
    [
      'a traceparent whose span id is all digits',
      '{"traceparent":"00-10caf08dac2fcad20eef40e1c2d3e5d0-4242424242424242-01"}',
    ],
  ])('does not report %s', (_label, text) => {
    expect(kinds(text)).toEqual([]);
  });

  it.each([
    ['JSON', '{"security_code":"737"}'],
    ['camelCase JSON', '{"securityCode": "1234"}'],
    ['a form', 'card[security_code]=737&x=1'],
    ['a url-encoded form', 'card%5Bcvc%5D%3D737'],
    ['a cvv parameter', 'cvv=123'],
  ])('finds a security code under a card key in %s', (_label, text) => {
    expect(kinds(text)).toEqual(['security code']);
  });

  it('does not report a code that is not under a card key, nor an encrypted one', () => {
    expect(kinds('{"code":"737","security_code_encrypted":"v1.dev.abc"}')).toEqual([]);
  });

  it('masks what it shows', () => {
    const [pan, code] = findCardDataInText('{"number":"4242424242424242","cvc":"737"}');
    expect(pan.excerpt).not.toContain('4242424242');
    expect(code.excerpt).not.toContain('737');
  });
});

describe('findCardDataInLogs', () => {
  it('finds a planted card number in a nested log file, with file and line', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'card-scan-'));
    fs.mkdirSync(path.join(dir, 'suite'));
    fs.writeFileSync(path.join(dir, 'suite', 'payments.log'), 'ok\ncard 4242424242424242\n');
    const [finding] = findCardDataInLogs(dir);
    expect(finding).toMatchObject({ line: 2, excerpt: 'card ######' });
    fs.rmSync(dir, { recursive: true });
  });
});
