import type { FastifyReply } from 'fastify';

/**
 * Headers of every hosted HTML page: never cached, no sniffing or referrer, never framed (ADR 0061:
 * a page in another site's frame can be clicked through without the user seeing it), and the
 * page's own Content-Security-Policy.
 */
export function withHostedPageHeaders(
  reply: FastifyReply,
  contentSecurityPolicy: string,
): FastifyReply {
  return reply
    .type('text/html; charset=utf-8')
    .header('Cache-Control', 'no-store')
    .header('X-Content-Type-Options', 'nosniff')
    .header('Referrer-Policy', 'no-referrer')
    .header('X-Frame-Options', 'DENY')
    .header('Content-Security-Policy', contentSecurityPolicy);
}

/**
 * A hosted page's headers, with a CSP that allows only the page's own nonce-tagged style and
 * script, and form posts (with their redirects: browsers check those too) to `formAction`.
 */
export function sendHtml(reply: FastifyReply, nonce: string, formAction: string): void {
  void withHostedPageHeaders(
    reply,
    `default-src 'none'; style-src 'nonce-${nonce}'; script-src 'nonce-${nonce}'; ` +
      `form-action ${formAction}; base-uri 'none'; frame-ancestors 'none'`,
  );
}
