import { isHttpUrl } from './http-url';

describe('isHttpUrl', () => {
  it.each(['https://shop.example/cb', 'http://127.0.0.1:8080/x?y=1'])('accepts %s', (url) => {
    expect(isHttpUrl(url)).toBe(true);
  });

  it.each(['ftp://shop.example', 'javascript:alert(1)', '/relative', 'not a url', 'http://'])(
    'refuses %s',
    (url) => {
      expect(isHttpUrl(url)).toBe(false);
    },
  );
});
