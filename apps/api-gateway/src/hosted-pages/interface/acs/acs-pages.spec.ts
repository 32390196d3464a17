import { renderChallengePage, renderReturnPage } from './acs-pages';
import { escapeHtml } from './html';

describe('escapeHtml', () => {
  it('escapes every character that can leave a text or attribute context', () => {
    expect(escapeHtml(`<a href="x" onclick='y'>&\`</a>`)).toBe(
      '&lt;a href=&quot;x&quot; onclick=&#39;y&#39;&gt;&amp;&#96;&lt;/a&gt;',
    );
  });
});

describe('ACS pages', () => {
  const hostile = '"><script>alert(1)</script>';

  it('carries the fields as hidden inputs, escaped, beside a password input', () => {
    const html = renderChallengePage(
      { PaReq: hostile, MD: 'md-1', TermUrl: 'https://s/x?a=1&b=2' },
      'n1',
    );
    expect(html).toContain('<input id="password" name="password" type="password"');
    expect(html).toContain('name="PaReq" value="&quot;&gt;&lt;script&gt;alert(1)&lt;/script&gt;"');
    expect(html).toContain('name="MD" value="md-1"');
    expect(html).toContain('name="TermUrl" value="https://s/x?a=1&amp;b=2"');
    expect(html).toContain('action="challenge/submit"');
    expect(html).not.toContain('<script>alert');
  });

  it('posts PaRes and MD to the TermUrl and submits itself, with a noscript button', () => {
    const html = renderReturnPage('https://shop/return?x=1&y="2"', 'pa"res', hostile, 'n2');
    expect(html).toContain(
      '<form id="acs-return" method="post" action="https://shop/return?x=1&amp;y=&quot;2&quot;">',
    );
    expect(html).toContain('name="PaRes" value="pa&quot;res"');
    expect(html).toContain('name="MD" value="&quot;&gt;&lt;script&gt;');
    expect(html).toMatch(
      /<script nonce="n2">document\.getElementById\('acs-return'\)\.submit\(\);<\/script>/,
    );
    expect(html).toMatch(/<noscript>.*<button type="submit">/s);
    expect(html).not.toContain('<script>alert');
  });

  it('uses no external assets', () => {
    const html = renderChallengePage({ PaReq: 'p', MD: 'm', TermUrl: 'https://s' }, 'n');
    expect(html).not.toMatch(/<link|src=|url\(/);
  });
});
