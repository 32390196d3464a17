import { isHttpUrl } from './http-url';

describe('isHttpUrl', () => {
  it.each(['https://shop.example/cb', 'http://127.0.0.1:8080/x?y=1'])('accepts %s', (url) => {
    expect(isHttpUrl(url)).toBe(true);
  });

  it.each(['http://localhost:3000/x', 'http://[::1]:8080/cb', 'https://shop.example/ok#done'])(
    'accepts %s, as the message contracts do',
    (url) => {
      expect(isHttpUrl(url)).toBe(true);
    },
  );

  // Issue 37 L9: what the contracts' @IsUrl refuses is refused here first, in plain words.
  it.each(['http://shop_1.example/ok', 'http://-shop.example/', 'http://shop.example/a b'])(
    'refuses %s, which the message contracts refuse',
    (url) => {
      expect(isHttpUrl(url)).toBe(false);
    },
  );

  it.each(['ftp://shop.example', 'javascript:alert(1)', '/relative', 'not a url', 'http://'])(
    'refuses %s',
    (url) => {
      expect(isHttpUrl(url)).toBe(false);
    },
  );
});
