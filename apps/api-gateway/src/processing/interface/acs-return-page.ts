import type { FastifyReply } from 'fastify';

const escapeHtml = (value: string) => value.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** The last step of 3-D Secure: forward the user to the partner, or say that they may close. */
export function returnPage(target: string | null): string {
  if (!target) {
    return '<!doctype html><meta charset="utf-8"><title>3-D Secure</title><p>Authentication received. You may close this page.</p>';
  }
  const url = escapeHtml(target);
  return (
    '<!doctype html><meta charset="utf-8"><title>Returning</title>' +
    `<meta http-equiv="refresh" content="0;url=${url}">` +
    `<p>Returning… <a href="${url}">Continue</a></p>`
  );
}

/** Never cached nor framed, like every hosted page (ADR 0061). */
export function sendHtml(reply: FastifyReply, html: string) {
  return reply
    .status(200)
    .type('text/html; charset=utf-8')
    .header('Cache-Control', 'no-store')
    .header('X-Content-Type-Options', 'nosniff')
    .header('Referrer-Policy', 'no-referrer')
    .header('X-Frame-Options', 'DENY')
    .header(
      'Content-Security-Policy',
      "default-src 'none'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'",
    )
    .send(html);
}
